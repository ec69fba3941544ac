// @vitest-environment happy-dom
// The kit's page of one record: named by its query parameter, and opened afresh (its state dropped, its reads made
// again) when the page says the record changed.
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, describe, expect, it } from 'vitest';
import { recordScreen } from './stage-parts';

afterEach(cleanup);

let opened = 0;
function Page({ id, onChanged }: { id: string; onChanged: () => void }) {
  const [typed] = useState(() => `opened ${++opened} for ${id}`);
  return (
    <button type="button" onClick={onChanged}>
      {typed}
    </button>
  );
}

describe('a page of one record', () => {
  it('reads its record from the named parameter and opens afresh once the record changed', async () => {
    const Screen = recordScreen(Page, 'businessId');
    render(
      <MemoryRouter initialEntries={['/signatories?businessId=b1']}>
        <Screen />
      </MemoryRouter>,
    );
    const before = opened;
    await userEvent.click(screen.getByRole('button', { name: `opened ${before} for b1` }));
    expect(screen.getByRole('button', { name: `opened ${before + 1} for b1` })).toBeTruthy();
  });
});
