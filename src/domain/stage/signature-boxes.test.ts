import { describe, expect, it } from 'vitest';
import { A4_PAGE as A4, BoxMessage, SIGNATURE_BOX, boxProblem } from './signature-boxes';

const PAGES = [A4, { width: 842, height: 595 }];

describe('a signature box on a document’s pages', () => {
  it('stands on a page when wholly inside it, up to its very edges', () => {
    expect(boxProblem({ page: 1, x: 0, y: 0 }, PAGES)).toBeNull();
    const corner = { x: A4.width - SIGNATURE_BOX.width, y: A4.height - SIGNATURE_BOX.height };
    expect(boxProblem({ page: 1, ...corner }, PAGES)).toBeNull();
    expect(boxProblem({ page: 2, x: 842 - SIGNATURE_BOX.width, y: 0 }, PAGES)).toBeNull();
  });

  it('is refused a point past any edge, naming the page and its size rounded', () => {
    const off = BoxMessage.offPage(1, 595, 842);
    expect(boxProblem({ page: 1, x: -1, y: 10 }, PAGES)).toBe(off);
    expect(boxProblem({ page: 1, x: 10, y: -0.5 }, PAGES)).toBe(off);
    expect(boxProblem({ page: 1, x: A4.width - SIGNATURE_BOX.width + 1, y: 10 }, PAGES)).toBe(off);
    expect(boxProblem({ page: 1, x: 10, y: A4.height - SIGNATURE_BOX.height + 1 }, PAGES)).toBe(off);
    // The landscape page is wider than tall: a box that fits the portrait page's height does not fit it.
    expect(boxProblem({ page: 2, x: 10, y: 560 }, PAGES)).toBe(BoxMessage.offPage(2, 842, 595));
  });

  it('is refused on a page the document does not have', () => {
    expect(boxProblem({ page: 0, x: 0, y: 0 }, PAGES)).toBe(BoxMessage.noPage(2));
    expect(boxProblem({ page: 3, x: 0, y: 0 }, PAGES)).toBe(BoxMessage.noPage(2));
    expect(boxProblem({ page: 1.5, x: 0, y: 0 }, PAGES)).toBe(BoxMessage.noPage(2));
    expect(boxProblem({ page: 1, x: 0, y: 0 }, [])).toBe(BoxMessage.noPage(0));
  });
});
