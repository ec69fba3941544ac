import type { ServiceIdentifier } from 'inversify';
import type { SearchHit } from '../../domain/search/document-search';

/** Search every number: the documents (and suppliers) the text names, within the caller's scope. */
export interface SearchGateway {
  documents(text: string): Promise<SearchHit[]>;
}

export const SearchGatewayId: ServiceIdentifier<SearchGateway> = Symbol.for('SearchGateway');
