// What the three documents say, checked on the layout (no PDF needed): every step of the report, the named
// vote table and tally of the minutes, the decision's terms with the amount in Chinese capitals.
import { describe, expect, it } from 'vitest';
import { tallyAgendaItem } from '../../../src/domain/financing/meeting-tally';
import { REPORT_STEPS } from '../../../src/domain/financing/report';
import { SAMPLE_DECISION, SAMPLE_MINUTES, SAMPLE_REPORT } from './document-samples';
import {
  type DocumentPiece,
  type DocumentTemplate,
  articleBlocks,
  fieldsBlock,
  formatValue,
  layoutDocument,
  signatureBlocks,
} from './document-template';
import { DECISION_TEMPLATE, MINUTES_TEMPLATE, REPORT_TEMPLATE } from './document-templates';

const fieldsOf = (pieces: DocumentPiece[]) =>
  Object.fromEntries(pieces.flatMap((p) => (p.kind === 'fields' ? p.items : [])));
const tables = (pieces: DocumentPiece[]) => pieces.filter((p) => p.kind === 'table');
const headings = (pieces: DocumentPiece[]) => pieces.flatMap((p) => (p.kind === 'heading' ? [p.text] : []));

describe('formatValue', () => {
  it('money from 分, 大写, percent, days, options, lists and empties', () => {
    expect(formatValue(100_000_000, 'money')).toBe('1,000,000.00元');
    expect(formatValue(123_405n, 'words')).toBe('人民币壹仟贰佰叁拾肆元零伍分');
    expect(formatValue('0.0800', 'percent')).toBe('8.00%');
    expect(formatValue(180, 'days')).toBe('180天');
    expect(formatValue(true, { options: { true: '是', false: '否' } })).toBe('是');
    expect(formatValue(['甲', '乙'])).toBe('甲、乙');
    expect(formatValue(null, 'money')).toBe('--');
    expect(formatValue(1.5, 'money')).toBe('--');
  });
});

describe('layoutDocument', () => {
  it('fills text, walks `each` with the item before the outer values, and shows an empty table as 无', () => {
    const t: DocumentTemplate = {
      id: 't',
      version: 3,
      name: '测试',
      blocks: [
        { kind: 'title', text: '{{name}}的文件 {{amount|words}}' },
        { kind: 'each', items: 'items', blocks: [{ kind: 'heading', text: '{{$index}}. {{name}}（{{owner}}）' }] },
        { kind: 'table', rows: 'none', columns: [{ header: '列', value: { path: 'x' } }] },
      ],
    };
    const layout = layoutDocument(t, { name: '外层', owner: '甲', amount: 100, items: [{ name: '内层' }] });
    expect(layout.templateRef).toBe('t v3');
    expect(layout.pieces).toEqual([
      { kind: 'title', text: '外层的文件 人民币壹元整' },
      { kind: 'heading', text: '1. 内层（甲）', level: 1 },
      { kind: 'table', headers: ['列'], widths: [1], rows: [['无']] },
    ]);
  });

  it('the report prints every step in order, the statements by group, and the computed indicators', () => {
    const { pieces } = layoutDocument(REPORT_TEMPLATE, SAMPLE_REPORT as unknown as Record<string, unknown>);
    const hs = headings(pieces);
    expect(hs.filter((h) => /^\d\. /.test(h))).toEqual(REPORT_STEPS.map((s, i) => `${i + 1}. ${s.title}`));
    expect(hs).toEqual(expect.arrayContaining(['资产负债表', '利润表', '现金流量表']));
    const f = fieldsOf(pieces);
    expect(f.资产总计).toBe('200,000,000.00元');
    expect(f.经营活动现金流量净额).toBe('-4,000,000.00元');
    expect(f.建议年利率).toBe('8.00%');
    expect(f.建议还款方式).toBe('到期一次还本付息');
    expect(f.结论).toBe('有条件通过');
    const indicators = tables(pieces)[0]!;
    expect(indicators.rows[0]).toEqual(['资产负债率', '62.50%', '负债合计 ÷ 资产总计']);
  });

  it('the minutes print the named vote table, the tally of those votes, the conclusion and conditions', () => {
    const item = SAMPLE_MINUTES.items[0]!;
    const members = SAMPLE_MINUTES.members.map((m, i) => ({
      userId: String(i),
      role: m.role as 'CHAIR' | 'MEMBER' | 'OBSERVER',
      attended: m.attendance === 'PRESENT',
    }));
    const byName = new Map(SAMPLE_MINUTES.members.map((m, i) => [m.name, String(i)]));
    const tally = tallyAgendaItem(
      members,
      item.votes.map((v) => ({
        userId: byName.get(v.name)!,
        opinion: v.opinion as 'AGREE',
        conditions: [...v.conditions],
      })),
    );
    expect(item.tally).toEqual({
      votingMembers: tally.votingMembers,
      attendingVoting: tally.attendingVoting,
      quorum: tally.quorum,
      inFavour: tally.inFavour,
      passed: tally.passed,
    });

    const { pieces } = layoutDocument(MINUTES_TEMPLATE, SAMPLE_MINUTES as unknown as Record<string, unknown>);
    expect(headings(pieces)).toContain('议题1：RZ202611200003 华东建材有限公司');
    const [memberTable, votes] = tables(pieces);
    expect(memberTable!.rows).toContainEqual(['卫东', '委员', '缺席']);
    expect(votes!.headers).toEqual(['委员', '身份', '表决意见', '条件', '意见说明']);
    expect(votes!.rows).toEqual([
      ['郑国华', '主任委员', '同意', '--', '--'],
      ['冯涛', '委员', '有条件同意', '追加实际控制人连带责任保证', '回款账户须监管'],
      ['褚云', '委员', '不同意', '--', '经营现金流为负'],
    ]);
    const f = fieldsOf(pieces);
    expect(f.达到法定人数).toBe('是');
    expect(f['同意票（含有条件同意）']).toBe('2');
    expect(f.会议结论).toBe('有条件通过');
    expect(f.会议形式).toBe('现场');
    expect(pieces).toContainEqual({ kind: 'list', label: '附加条件', items: ['追加实际控制人连带责任保证'] });
  });

  it('the decision prints the approved terms with the amount in 大写', () => {
    const { pieces } = layoutDocument(DECISION_TEMPLATE, SAMPLE_DECISION as unknown as Record<string, unknown>);
    const f = fieldsOf(pieces);
    expect(f.批复金额).toBe('1,000,000.00元');
    expect(f['批复金额（大写）']).toBe('人民币壹佰万元整');
    expect(f.融资期限).toBe('180天');
    expect(f.服务费率).toBe('0.50%');
    expect(pieces).toContainEqual({
      kind: 'paragraph',
      text: '经评审会审议并经有权审批人审批，同意华东建材有限公司的融资申请（申请金额10,000,000.00元），批复如下：',
    });
    expect(pieces).toContainEqual({ kind: 'paragraph', text: '本决议有效期至2027-02-25，逾期未放款的，须重新审批。' });
  });
});

describe('articleBlocks and signatureBlocks', () => {
  it('numbers the articles in Chinese and fills each party’s seal line and the date', () => {
    const template: DocumentTemplate = {
      ...{ id: 't', version: 1, name: '协议' },
      blocks: [
        ...articleBlocks('主要条款', ['甲方付款。', '乙方交货。']),
        ...signatureBlocks({ 甲方: 'a', 乙方: 'b' }, 'day'),
      ],
    };
    const { pieces } = layoutDocument(template, { a: '华东建材', b: '星河建设', day: '2026-11-29' });
    expect(pieces.map((p) => ('text' in p ? p.text : p.kind))).toEqual([
      '主要条款',
      '第一条　甲方付款。',
      '第二条　乙方交货。',
      '签署',
      '甲方（盖章）：华东建材',
      '乙方（盖章）：星河建设',
      '签订日期：2026-11-29',
    ]);
    expect(() =>
      articleBlocks(
        '条款',
        Array.from({ length: 11 }, () => '条'),
      ),
    ).toThrow();
  });
});

describe('fieldsBlock', () => {
  it('lays the fields out in the order written, each value by its path and format', () => {
    const block = fieldsBlock({ 业务编号: 'no', 金额: ['fen', 'money'], '金额（大写）': ['fen', 'words'] });
    expect(block).toEqual({
      kind: 'fields',
      items: [
        { label: '业务编号', value: { path: 'no' } },
        { label: '金额', value: { path: 'fen', format: 'money' } },
        { label: '金额（大写）', value: { path: 'fen', format: 'words' } },
      ],
    });
    const template: DocumentTemplate = { id: 't', version: 1, name: '函', blocks: [block] };
    expect(layoutDocument(template, { no: 'RZ1', fen: '123405' }).pieces).toEqual([
      {
        kind: 'fields',
        items: [
          ['业务编号', 'RZ1'],
          ['金额', '1,234.05元'],
          ['金额（大写）', '人民币壹仟贰佰叁拾肆元零伍分'],
        ],
      },
    ]);
  });
});
