import { describe, expect, it } from 'vitest';
import { fieldChanges } from './operation-log-fields';

describe('操作日志 field changes', () => {
  it("labels a user's stored fields in Chinese, reads statuses as words, and keeps unknown keys as they are", () => {
    const rows = fieldChanges(
      'user',
      '{"nick_name":"张三","status":"ENABLED","mobile":"13700001111"}',
      '{"nick_name":"张三丰","status":"DISABLED","mobile":"13700001111","new_column":"x"}',
    );
    expect(rows).toEqual([
      { key: 'nick_name', label: '姓名', before: '张三', after: '张三丰', changed: true },
      { key: 'status', label: '状态', before: '启用', after: '停用', changed: true },
      { key: 'mobile', label: '手机号', before: '13700001111', after: '13700001111', changed: false },
      { key: 'new_column', label: 'new_column', before: '--', after: 'x', changed: true },
    ]);
  });

  it('reads a creation (no before), lists and booleans', () => {
    expect(fieldChanges('user', null, '{"roleIds":["r1","r2"],"isAuthData":true}')).toEqual([
      { key: 'roleIds', label: '角色', before: '--', after: 'r1、r2', changed: true },
      { key: 'isAuthData', label: '数据授权', before: '--', after: '是', changed: true },
    ]);
    expect(fieldChanges('role', null, null)).toEqual([]);
  });
});
