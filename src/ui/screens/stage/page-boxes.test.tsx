// @vitest-environment happy-dom
// Boxes on a page's outline: a click places the chosen box centred on it and wholly on the page (held at the
// edges), the boxes drawn with their words, and nothing placed where placing is not offered.
import { cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderInFluent } from '../../kit/dialogs/dialog-test-support';
import { PageBoxes, placeBox } from './page-boxes';

afterEach(cleanup);

const PAGE = { width: 600, height: 800 };
const BOX = { width: 160, height: 56 };

describe('placeBox', () => {
  it('centres the box on the click', () => {
    expect(placeBox({ x: 300, y: 400 }, PAGE, BOX)).toEqual({ x: 220, y: 372 });
  });
  it('keeps the box wholly on the page at its edges', () => {
    expect(placeBox({ x: 5, y: 5 }, PAGE, BOX)).toEqual({ x: 0, y: 0 });
    expect(placeBox({ x: 599, y: 799 }, PAGE, BOX)).toEqual({ x: 440, y: 744 });
  });
});

describe('PageBoxes', () => {
  const draw = (onPlace?: (at: { x: number; y: number }) => void) =>
    renderInFluent(
      <PageBoxes
        {...{ label: '第1页签章位置示意', caption: '第1页示意', size: PAGE, box: BOX, chosen: 1, onPlace }}
        boxes={[{ key: 1, x: 60, y: 664, label: '1.供应商' }]}
      />,
    );

  it('places the chosen box where the page is clicked, scaled to the page', () => {
    const onPlace = vi.fn();
    draw(onPlace);
    expect(screen.getByText('1.供应商')).toBeTruthy();
    const sheet = screen.getByRole('img', { name: '第1页签章位置示意' });
    sheet.getBoundingClientRect = () => ({ left: 0, top: 0, width: 300, height: 400 }) as DOMRect;
    fireEvent.click(sheet, { clientX: 150, clientY: 200 });
    expect(onPlace).toHaveBeenCalledWith({ x: 220, y: 372 });
  });

  it('places nothing when placing is not offered', () => {
    draw();
    fireEvent.click(screen.getByRole('img', { name: '第1页签章位置示意' }), { clientX: 10, clientY: 10 });
    expect(screen.getByText('1.供应商')).toBeTruthy();
  });
});
