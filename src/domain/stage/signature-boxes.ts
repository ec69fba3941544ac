// A visible signature's box on a document's pages (BUSINESS.md §2 签约): its size in PDF points, placed by its
// top-left corner from the page's top-left corner, and the one rule that it stands wholly on an existing page —
// held alike by the page that places the boxes, the gateway that stores them and the provider that draws each
// signature there.

/** A signature's box, in points. */
export const SIGNATURE_BOX = { width: 160, height: 56 } as const;

/** Where a box stands: its page (from 1) and its top-left corner, in points from the page's top-left corner. */
export type BoxPlace = { page: number; x: number; y: number };

/** A page's size, in points. */
export type PageSize = { width: number; height: number };

/** An A4 page, the size of a page that does not say its own. */
export const A4_PAGE: PageSize = { width: 595.28, height: 841.89 };

export const BoxMessage = {
  offPage: (page: number, width: number, height: number) =>
    `签章位置超出第${page}页范围（页面宽${width}、高${height}，签章宽${SIGNATURE_BOX.width}、高${SIGNATURE_BOX.height}）`,
  noPage: (pages: number) => `签章页码应为1至${pages}`,
} as const;

/** Why the box does not stand wholly on one of these pages; null when it does. */
export function boxProblem(box: BoxPlace, pages: readonly PageSize[]): string | null {
  const size = pages[box.page - 1];
  if (!Number.isInteger(box.page) || !size) return BoxMessage.noPage(pages.length);
  const { width, height } = SIGNATURE_BOX;
  const inside = box.x >= 0 && box.y >= 0 && box.x + width <= size.width && box.y + height <= size.height;
  return inside ? null : BoxMessage.offPage(box.page, Math.round(size.width), Math.round(size.height));
}
