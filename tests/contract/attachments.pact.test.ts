// 业务详情's 附件 and the reviewer's read of the documents it reviews, as the client's adapters make the calls:
// the business's attachments by stage and field, 下载全部附件 as one zip, and a signed preview URL of the maker's
// document for reviewer1 — who uploaded none of them. The business is the pact application awaiting level 1,
// its documents stored with real bytes.
import { MatchersV3 } from '@pact-foundation/pact';
import { describe, expect, it } from 'vitest';
import { BusinessGatewayAdapter } from '../../src/adapters/gateway/business-gateway.adapter';
import { FileGatewayAdapter } from '../../src/adapters/gateway/file-gateway.adapter';
import type { SessionStore } from '../../src/application/ports/session-store.port';
import { PACT_FINANCING_APPLICATION_ID } from './support/financing-application-fixtures';
import { AttachmentState, PACT_DOCUMENT_KEY } from './support/attachment-fixtures';
import { bearer, createPact, httpClientFor } from './support/consumer';
import { REVIEWER1_TOKEN } from './support/review-fixtures';

const { boolean, eachLike, integer, regex, string } = MatchersV3;
const ok = (data: unknown) => ({ code: 0, message: string('操作成功'), data });
const API = `/api/business/business/${PACT_FINANCING_APPLICATION_ID}`;

function adapters(url: string) {
  const { http, notifier } = httpClientFor(url, REVIEWER1_TOKEN);
  const saved: string[] = [];
  const saver = { save: (_blob: Blob, fileName: string) => void saved.push(fileName) };
  const store = { read: () => ({ token: REVIEWER1_TOKEN }) } as unknown as SessionStore;
  return {
    business: new BusinessGatewayAdapter(http, saver),
    files: new FileGatewayAdapter(http, saver, notifier, store),
    saved,
  };
}

describe('attachments contract', () => {
  it("lists a business's attachments by stage and field", async () => {
    await createPact()
      .addInteraction()
      .given(AttachmentState.stored)
      .uponReceiving("reviewer1's read of the attachments of the application it reviews")
      .withRequest('GET', `${API}/attachments`, (b) => b.headers(bearer(REVIEWER1_TOKEN)))
      .willRespondWith(200, (b) =>
        b.jsonBody(
          ok(
            eachLike({
              keyId: string(PACT_DOCUMENT_KEY),
              name: string('BUSINESS_LICENSE.pdf'),
              size: integer(44),
              contentType: string('application/pdf'),
              extension: string('pdf'),
              stage: string('APPLICATION'),
              group: string('营业执照'),
              uploaderName: string('业务经办'),
              uploadedAt: string('2026-11-20T02:00:00.000Z'),
              missing: boolean(false),
            }),
          ),
        ),
      )
      .executeTest(async (mock) => {
        const list = await adapters(mock.url).business.attachments(PACT_FINANCING_APPLICATION_ID);
        expect(list[0]?.stage).toBe('APPLICATION');
        expect(list[0]?.missing).toBe(false);
      });
  });

  it('downloads every attachment as one zip', async () => {
    await createPact()
      .addInteraction()
      .given(AttachmentState.stored)
      .uponReceiving("reviewer1's 下载全部附件 of the application it reviews")
      .withRequest('GET', `${API}/attachments/zip`, (b) => b.headers(bearer(REVIEWER1_TOKEN)))
      .willRespondWith(200, (b) =>
        b.headers({
          'Content-Type': 'application/zip',
          'Content-Disposition': regex(
            /^attachment; filename="[^"]*"; filename\*=UTF-8''\S+$/,
            `attachment; filename="_.zip"; filename*=UTF-8''${encodeURIComponent('RZ202611209902全部附件.zip')}`,
          ),
        }),
      )
      .executeTest(async (mock) => {
        const { business, saved } = adapters(mock.url);
        expect(await business.downloadAttachments(PACT_FINANCING_APPLICATION_ID)).toBe('RZ202611209902全部附件.zip');
        expect(saved).toEqual(['RZ202611209902全部附件.zip']);
      });
  });

  it("gives the reviewer a signed preview URL of the maker's document", async () => {
    await createPact()
      .addInteraction()
      .given(AttachmentState.stored)
      .uponReceiving("reviewer1's preview of a document the operator uploaded to the application")
      .withRequest('GET', `/api/file/file/uri/${PACT_DOCUMENT_KEY}`, (b) => b.headers(bearer(REVIEWER1_TOKEN)))
      .willRespondWith(200, (b) =>
        b.jsonBody(
          ok({
            url: regex(
              /^\/api\/file\/file\/signed\/[0-9a-zA-Z_-]+\?expires=\d+&signature=[0-9a-f]{64}$/,
              `/api/file/file/signed/${PACT_DOCUMENT_KEY}?expires=1790000000000&signature=${'a'.repeat(64)}`,
            ),
            expiresAt: integer(1790000000000),
            name: string('BUSINESS_LICENSE.pdf'),
            contentType: string('application/pdf'),
          }),
        ),
      )
      .executeTest(async (mock) => {
        const preview = await adapters(mock.url).files.preview(PACT_DOCUMENT_KEY);
        expect(preview.url).toContain(`/signed/${PACT_DOCUMENT_KEY}`);
      });
  });
});
