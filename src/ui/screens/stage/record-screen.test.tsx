// @vitest-environment happy-dom
// The route of a page of one record: the record named by the query key, and the page opened afresh — its reads
// made again — when it says it changed the record.
import { cleanup, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderInFluent } from '../../kit/dialogs/dialog-test-support';
import { useLoadOnce } from '../../kit/use-load-once';
import { recordScreen } from './stage-parts';

afterEach(cleanup);

describe('recordScreen', () => {
  it('names the record by its query key and reads it again once the page changed it', async () => {
    const read = vi.fn(async (id: string) => `读取${id}`);
    const Screen = recordScreen(function Page({ id, onChanged }) {
      const text = useLoadOnce(() => read(id), '');
      return (
        <button type="button" onClick={onChanged}>
          {text}
        </button>
      );
    }, 'businessId');
    renderInFluent(
      <MemoryRouter initialEntries={['/make?businessId=b1']}>
        <Screen />
      </MemoryRouter>,
    );
    await userEvent.click(await screen.findByRole('button', { name: '读取b1' }));
    await vi.waitFor(() => expect(read).toHaveBeenCalledTimes(2));
    expect(read.mock.calls).toEqual([['b1'], ['b1']]);
  });

  it('names it by `?id=` unless told otherwise', async () => {
    const Screen = recordScreen(({ id }) => <p>记录{id || '（新）'}</p>);
    renderInFluent(
      <MemoryRouter initialEntries={['/info?id=r7']}>
        <Screen />
      </MemoryRouter>,
    );
    expect(await screen.findByText('记录r7')).toBeTruthy();
  });
});
