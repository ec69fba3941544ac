// A link to a route of the app that looks like Fluent's Link and is one link to assistive technology: a real
// <a href> (open in a new tab works), followed in place by the router on a plain click. Fluent's Link around a
// router link would nest a button role around the anchor (axe: nested-interactive).
import { Link } from '@fluentui/react-components';
import type { MouseEvent, ReactNode } from 'react';
import { useNavigate } from 'react-router-dom';

/** `inline`: a link inside a sentence, underlined (Fluent's inline Link): told from the text by more than its colour. */
export function RouteLink({ to, inline, children }: { to: string; inline?: boolean; children: ReactNode }) {
  const navigate = useNavigate();
  const follow = (event: MouseEvent<HTMLAnchorElement>) => {
    if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    event.preventDefault();
    navigate(to);
  };
  return (
    <Link href={to} inline={inline} onClick={follow}>
      {children}
    </Link>
  );
}
