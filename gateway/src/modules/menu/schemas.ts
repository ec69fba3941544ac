import { type Static, Type } from 'typebox';
import { envelopeResponses } from '../../plugins/envelope';

export const MenuListQuery = Type.Object({
  loadOp: Type.Optional(Type.String({ enum: ['0', '1'], description: '1：同时返回操作权限' })),
});
export type MenuListQuery = Static<typeof MenuListQuery>;

const MenuItem = Type.Object({
  menuId: Type.String({ description: '小写路径，带前导斜杠' }),
  menuName: Type.String(),
  component: Type.String(),
  path: Type.String(),
  params: Type.String({ description: 'JSON 文本' }),
  query: Type.String({ description: 'JSON 文本' }),
  parentKid: Type.String({ description: "'0' 表示顶级" }),
  icon: Type.String(),
  menuCode: Type.String(),
  hidden: Type.Boolean(),
  sortNo: Type.Integer(),
  opAuthorityDTOList: Type.Array(Type.Object({ operationCode: Type.String() })),
});

export const menuListSchema = {
  tags: ['authcenter'],
  summary: '当前用户的菜单（平铺）',
  querystring: MenuListQuery,
  response: envelopeResponses(Type.Array(MenuItem)),
};
