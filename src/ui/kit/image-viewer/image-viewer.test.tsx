// @vitest-environment happy-dom
import { FluentProvider, webLightTheme } from '@fluentui/react-components';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { IMAGE_LOAD_FAILED, ImageViewer, rotateBy, zoomBy } from './image-viewer';

afterEach(cleanup);

const show = () =>
  render(
    <FluentProvider theme={webLightTheme}>
      <ImageViewer src="/a.png" alt="扫描件" />
    </FluentProvider>,
  );

describe('ImageViewer', () => {
  it('zooms by exact steps of 0.2 within its bounds and rotates by 90°', () => {
    expect(zoomBy(1, 2)).toBe(1.4);
    expect(zoomBy(0.2, -1)).toBe(0.2);
    expect(zoomBy(4.9, 1)).toBe(5);
    expect(rotateBy(0, -1)).toBe(270);
    expect(rotateBy(270, 1)).toBe(0);
  });

  it('zooms, rotates and resets the image from its toolbar', async () => {
    show();
    const image = screen.getByRole('img', { name: '扫描件' });
    await userEvent.click(screen.getByRole('button', { name: '放大' }));
    await userEvent.click(screen.getByRole('button', { name: '向右旋转' }));
    expect(image.style.transform).toBe('scale(1.2) rotate(90deg)');
    expect(screen.getByText('120%')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: '缩小' }));
    await userEvent.click(screen.getByRole('button', { name: '缩小' }));
    await userEvent.click(screen.getByRole('button', { name: '向左旋转' }));
    await userEvent.click(screen.getByRole('button', { name: '向左旋转' }));
    expect(image.style.transform).toBe('scale(0.8) rotate(270deg)');
    await userEvent.click(screen.getByRole('button', { name: '重置' }));
    expect(image.style.transform).toBe('scale(1) rotate(0deg)');
  });

  it("shows '加载失败' when the image cannot be loaded", () => {
    show();
    fireEvent.error(screen.getByRole('img', { name: '扫描件' }));
    expect(screen.getByRole('img', { name: IMAGE_LOAD_FAILED }).textContent).toBe('加载失败');
    expect(
      screen.getByRole('button', { name: '放大' }).hasAttribute('disabled') ||
        screen.getByRole('button', { name: '放大' }).getAttribute('aria-disabled') === 'true',
    ).toBe(true);
  });
});
