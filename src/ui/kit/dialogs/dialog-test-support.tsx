// Shared by the dialog kit's component tests. happy-dom's Web Animations reject `finished` when Fluent's
// presence motion cancels an animation on unmount, which nobody awaits: an unhandled rejection per dialog.
// Without `element.animate` Fluent takes its own test path (motion ends on the next render), which is what
// a component test wants anyway.
import { FluentProvider, webLightTheme } from '@fluentui/react-components';
import { render, type RenderResult } from '@testing-library/react';
import type { ReactElement } from 'react';

export function withoutWebAnimations(): void {
  Object.defineProperty(Element.prototype, 'animate', { configurable: true, writable: true, value: undefined });
}

export function renderInFluent(ui: ReactElement): RenderResult {
  return render(<FluentProvider theme={webLightTheme}>{ui}</FluentProvider>);
}
