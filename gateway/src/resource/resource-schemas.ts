// The routes' schemas, built once from a resource's definition with TypeBox: the definition's limits are
// the schema's, never retyped. The schema's own bounds are loose where the domain gives the Chinese message
// (a text a little longer than allowed reaches the domain check and its words); they exist so that nothing
// huge or of the wrong type reaches a handler.
import { Type, type TSchema } from 'typebox';
import {
  type FieldDef,
  type ResourceDef,
  fieldByKey,
  formFields,
  searchFields,
  sumFields,
  textMax,
} from '../../../src/domain/resource/resource';
import { envelopeResponses } from '../plugins/envelope';
import { MULTI_LINE_KEYWORD } from '../plugins/plain-input';
import { CalendarDateOrEmpty, IdParams, PageQueryFields, Version, pageOf } from '../schemas/common';

const wireValue = (f: FieldDef): TSchema => {
  switch (f.type) {
    case 'money':
    case 'int':
      return Type.Integer({ description: f.type === 'money' ? `${f.label}（分）` : f.label });
    case 'enum':
      return Type.String({
        // A multiple enum carries every code joined by commas.
        maxLength: f.multiple ? Object.keys(f.options ?? {}).join(',').length + 10 : 40,
        description: `${f.label}：${Object.entries(f.options ?? {})
          .map(([k, v]) => `${k} ${v}`)
          .join('，')}`,
      });
    case 'date':
      return CalendarDateOrEmpty;
    case 'textarea':
      return Type.String({ maxLength: textMax(f) + 20, description: f.label, [MULTI_LINE_KEYWORD]: true });
    default:
      return Type.String({ maxLength: textMax(f) + 20, description: f.label });
  }
};

const nullable = (s: TSchema) => Type.Union([s, Type.Null()]);

export function recordSchema(def: ResourceDef) {
  const properties: Record<string, TSchema> = {
    keyId: Type.String(),
    status: Type.String({ enum: Object.keys(def.statuses), description: '状态' }),
    version: Type.Integer(),
  };
  for (const f of def.fields) {
    properties[f.key] = nullable(f.type === 'money' || f.type === 'int' ? Type.Integer() : Type.String());
  }
  return Type.Object(properties, { additionalProperties: false });
}

export function querySchema(def: ResourceDef, paged: boolean) {
  const properties: Record<string, TSchema> = paged ? { ...PageQueryFields } : {};
  for (const f of searchFields(def)) {
    if (f.search === 'range') {
      // A date or a time is filtered by days (the query form's date inputs); money and counts by numbers.
      const bound = f.type === 'date' || f.type === 'datetime' ? CalendarDateOrEmpty : Type.String({ maxLength: 30 });
      properties[`${f.key}From`] = Type.Optional(bound);
      properties[`${f.key}To`] = Type.Optional(bound);
    } else {
      properties[f.key] = Type.Optional(
        f.options ? Type.String({ enum: [...Object.keys(f.options), ''] }) : Type.String({ maxLength: textMax(f) }),
      );
    }
  }
  properties.status = Type.Optional(Type.String({ enum: [...Object.keys(def.statuses), ''] }));
  properties.sort = Type.Optional(Type.String({ maxLength: 60, pattern: '^[A-Za-z0-9]+,(asc|desc)$' }));
  if (def.menuScoped)
    properties.menuId = Type.Optional(Type.String({ maxLength: 200, description: '菜单（SPEC §7.2）' }));
  return Type.Object(properties, { additionalProperties: false });
}

function bodySchema(def: ResourceDef, mode: 'create' | 'update') {
  const properties: Record<string, TSchema> = {};
  for (const f of formFields(def, mode)) properties[f.key] = Type.Optional(nullable(wireValue(f)));
  if (mode === 'update') properties.version = Version;
  return Type.Object(properties, { additionalProperties: false, required: mode === 'update' ? ['version'] : [] });
}

/** A page, with the footer's sums (分) of the fields flagged `sum` over the whole filter. */
function pageSchema(def: ResourceDef, record: TSchema) {
  const summed = sumFields(def);
  if (summed.length === 0) return pageOf(record);
  const sums = Type.Object(
    Object.fromEntries(summed.map((f) => [f.key, Type.Integer({ description: `${f.label}合计（分）` })])),
  );
  return Type.Object({
    records: Type.Array(record),
    total: Type.Integer(),
    current: Type.Integer(),
    size: Type.Integer(),
    sums,
  });
}

/** The transition body: the action, the version, the comment, and the values of the actions' own fields. */
function transitionBody(def: ResourceDef) {
  const properties: Record<string, TSchema> = {
    action: Type.String({ maxLength: 40 }),
    version: Version,
    comment: Type.Optional(Type.String({ maxLength: 2000 })),
  };
  for (const t of def.workflow?.transitions ?? []) {
    for (const key of t.inputs?.keys ?? []) {
      const f = fieldByKey(def, key);
      if (f) properties[key] = Type.Optional(nullable(wireValue(f)));
    }
  }
  return Type.Object(properties, { additionalProperties: false, required: ['action', 'version'] });
}
const MenuQuery = Type.Object(
  { menuId: Type.Optional(Type.String({ maxLength: 200 })) },
  { additionalProperties: false },
);

export function resourceSchemas(def: ResourceDef) {
  const tags = [def.api.split('/')[2] ?? 'resource'];
  const record = recordSchema(def);
  const actions = def.workflow?.transitions.map((t) => `${t.action} ${t.label}`).join('，') ?? '';
  return {
    page: {
      tags,
      summary: `${def.title}分页查询`,
      querystring: querySchema(def, true),
      response: envelopeResponses(pageSchema(def, record)),
    },
    list: {
      tags,
      summary: `${def.title}列表（至多1000条）`,
      querystring: querySchema(def, false),
      response: envelopeResponses(Type.Array(record)),
    },
    export: { tags, summary: `${def.title}导出（当前筛选条件，xlsx）`, querystring: querySchema(def, false) },
    get: {
      tags,
      summary: `${def.noun}详情`,
      params: IdParams,
      response: envelopeResponses(record),
      ...(def.menuScoped ? { querystring: MenuQuery } : {}),
    },
    history: {
      tags,
      summary: `${def.noun}操作历史`,
      params: IdParams,
      response: envelopeResponses(
        Type.Array(
          Type.Object(
            {
              occurredAt: Type.String(),
              userName: Type.String(),
              action: Type.String(),
              label: Type.String(),
              comment: nullable(Type.String()),
            },
            { additionalProperties: false },
          ),
        ),
      ),
    },
    create: { tags, summary: `新增${def.noun}`, body: bodySchema(def, 'create'), response: envelopeResponses(record) },
    update: {
      tags,
      summary: `编辑${def.noun}（version 过期时 160300409）`,
      params: IdParams,
      body: bodySchema(def, 'update'),
      response: envelopeResponses(record),
    },
    remove: {
      tags,
      summary: `删除${def.noun}（version 过期时 160300409）`,
      params: IdParams,
      querystring: Type.Object(
        { version: Type.String({ pattern: '^[1-9][0-9]{0,8}$' }) },
        { additionalProperties: false },
      ),
      response: envelopeResponses(Type.Null()),
    },
    transition: {
      tags,
      summary: `${def.noun}状态流转（${actions}；version 过期时 160300409）`,
      params: IdParams,
      body: transitionBody(def),
      response: envelopeResponses(record),
    },
    options: {
      tags,
      summary: `${def.noun}表单中可选的关联记录（当前租户，至多1000条）`,
      params: Type.Object(
        { key: Type.String({ maxLength: 40, pattern: '^[A-Za-z0-9]+$' }) },
        { additionalProperties: false },
      ),
      response: envelopeResponses(
        Type.Array(Type.Object({ keyId: Type.String(), name: Type.String() }, { additionalProperties: false })),
      ),
    },
  };
}
