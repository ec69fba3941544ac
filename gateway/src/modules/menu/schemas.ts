import { envelopeResponses } from '../../plugins/envelope';

export interface MenuListQuery {
  loadOp?: string;
}

const menuItem = {
  type: 'object',
  required: ['menuId', 'menuName', 'component', 'path', 'params', 'query', 'parentKid', 'icon', 'menuCode', 'hidden', 'sortNo', 'opAuthorityDTOList'],
  properties: {
    menuId: { type: 'string', description: '小写路径，带前导斜杠' },
    menuName: { type: 'string' },
    component: { type: 'string' },
    path: { type: 'string' },
    params: { type: 'string', description: 'JSON 文本' },
    query: { type: 'string', description: 'JSON 文本' },
    parentKid: { type: 'string', description: "'0' 表示顶级" },
    icon: { type: 'string' },
    menuCode: { type: 'string' },
    hidden: { type: 'boolean' },
    sortNo: { type: 'integer' },
    opAuthorityDTOList: {
      type: 'array',
      items: { type: 'object', required: ['operationCode'], properties: { operationCode: { type: 'string' } } },
    },
  },
};

export const menuListSchema = {
  tags: ['authcenter'],
  summary: '当前用户的菜单（平铺）',
  querystring: {
    type: 'object',
    properties: { loadOp: { type: 'string', enum: ['0', '1'], description: '1：同时返回操作权限' } },
  },
  response: envelopeResponses({ type: 'array', items: menuItem }),
};
