// What the screen tests share: a menu entry of the session with its operation codes.
import type { ServerMenuItem } from '../../domain/menu/menu';

export const menu = (path: string, codes: string[]) =>
  ({
    menuId: path.toLowerCase(),
    menuName: path,
    component: '',
    path,
    params: '',
    query: '',
    parentKid: '0',
    icon: '',
    menuCode: path,
    hidden: false,
    sortNo: 0,
    opAuthorityDTOList: codes.map((operationCode) => ({ operationCode })),
  }) as ServerMenuItem;
