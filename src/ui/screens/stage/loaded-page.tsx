// A page or section whose record is read first (合同制作's terms, 合同签章's contracts, 签约详情's signing): the read
// made once through the stage's own routes, a spinner named for what is read meanwhile, then the page drawn with
// what was read; a page's route names its record by `?id=` or the query key given, and says what it shows when none
// is named. The page is opened afresh when it says it changed the record (recordScreen).
import { Spinner, Text } from '@fluentui/react-components';
import type { ComponentType, ReactNode } from 'react';
import type { StageRoutes } from '../../../application/ports/stage-gateway.port';
import { useLoadOnce } from '../../kit/use-load-once';
import { useDocumentRoutes } from './document-parts';
import { recordScreen } from './stage-parts';

/** The stage's GET under its api, bound. */
export type StageGet = ReturnType<typeof useDocumentRoutes>['get'];

/** What `read` answers, drawn by `children`; until then a spinner named `loading`. */
export function Loaded<T>(props: {
  routes: StageRoutes;
  read(get: StageGet): Promise<T>;
  loading: string;
  children(value: T): ReactNode;
}) {
  const { get } = useDocumentRoutes(props.routes);
  const value = useLoadOnce<T | null>(() => props.read(get), null);
  return value === null ? <Spinner size="small" label={props.loading} /> : props.children(value);
}

/** The route of a page of one record (`?{key}=`) that `read` answers first; `none` is said when none is named. */
export function loadedScreen<T>(
  spec: {
    routes: StageRoutes;
    key?: string;
    loading: string;
    none?: string;
    read(get: StageGet, id: string): Promise<T>;
  },
  Page: ComponentType<{ record: T; id: string; onChanged: () => void }>,
): ComponentType {
  return recordScreen(
    ({ id, onChanged }) =>
      !id && spec.none ? (
        <Text>{spec.none}</Text>
      ) : (
        <Loaded routes={spec.routes} read={(get) => spec.read(get, id)} loading={spec.loading}>
          {(record) => <Page record={record} id={id} onChanged={onChanged} />}
        </Loaded>
      ),
    spec.key,
  );
}
