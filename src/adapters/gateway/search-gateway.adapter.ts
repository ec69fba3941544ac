import { inject, injectable } from 'inversify';
import type { SearchGateway } from '../../application/ports/search-gateway.port';
import { SEARCH_API, type SearchHit } from '../../domain/search/document-search';
import { HttpClient, HttpClientId } from './http-client';

@injectable()
export class SearchGatewayAdapter implements SearchGateway {
  constructor(@inject(HttpClientId) private readonly http: HttpClient) {}

  documents(text: string): Promise<SearchHit[]> {
    return this.http.get(SEARCH_API, { params: { q: text }, silent: true });
  }
}
