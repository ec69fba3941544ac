// 证书管理, 企业认证 and 个人认证: one plain-resource screen for the three — a query form and a paged table over
// the paged-list flow; 申请证书 / 新增认证 in a dialog checked by the domain's rules; 查看 the record; 吊销 a
// valid certificate with a reason; 通过 / 驳回 a pending certification (驳回 with a comment). Every write and
// review button is behind its operation code on the screen's menu path (SPEC §6).
import { Badge, Button, Field, Input, Select, Text, Textarea, makeStyles } from '@fluentui/react-components';
import { useActorRef, useSelector } from '@xstate/react';
import { useCallback, useState } from 'react';
import { ACTION_LABEL, createCertificationActionMachine, createCertificationFormMachine } from '../../../application/certifications/certification.machines';
import { createPagedListMachine } from '../../../application/paged-list/paged-list.machine';
import {
  CERTIFICATE_SPEC, EMPTY_CERTIFICATION_QUERY, ENTERPRISE_SPEC, HOLDER_TYPE_LABEL, PERSONAL_SPEC, STATUS_LABEL,
  type CertificationQuery, type CertificationRecord, type CertificationStatus, type KindSpec,
} from '../../../domain/certification/certification';
import { formatDateTime } from '../../../domain/format/date-format';
import { useServices } from '../../app/services';
import { GenericDialog } from '../../kit/dialogs/generic-dialog';
import { PagedTable, type PagedTableColumn } from '../../kit/dialogs/paged-table';
import { QueryForm, QueryFormItem } from '../../kit/dialogs/query-form';
import { Permission } from '../../shell/permission';
import { usePagedList } from '../common/use-paged-list';
import { useListScreenStyles } from '../common/list-screen-styles';

const useOwnStyles = makeStyles({
  fields: { display: 'flex', flexDirection: 'column', gap: '12px' },
  details: { display: 'grid', gridTemplateColumns: '140px 1fr', rowGap: '8px', columnGap: '12px' },
});

const STATUS_COLOR: Record<CertificationStatus, 'success' | 'warning' | 'danger' | 'subtle'> = {
  VALID: 'success', APPROVED: 'success', PENDING: 'warning', REJECTED: 'danger', REVOKED: 'subtle',
};

const fieldLabel = (spec: KindSpec, field: string) => spec.fields.find((f) => f.field === field)!.label;

function CertificationScreen({ spec }: { spec: KindSpec }) {
  const styles = { ...useListScreenStyles(), ...useOwnStyles() };
  const { certifications, notifier } = useServices();
  const isCertificate = spec.kind === 'CERTIFICATE';
  const [listMachine] = useState(() => createPagedListMachine((q: CertificationQuery, page) => certifications.page(spec.kind, q, page), EMPTY_CERTIFICATION_QUERY));
  const list = useActorRef(listMachine);
  const reload = useCallback(() => {
    list.send({ type: 'RELOAD' });
  }, [list]);
  const [formMachine] = useState(() => createCertificationFormMachine({ gateway: certifications, notifier, spec, onSaved: reload }));
  const editor = useActorRef(formMachine);
  const [actionMachine] = useState(() => createCertificationActionMachine({ gateway: certifications, notifier, spec, onChanged: reload }));
  const action = useActorRef(actionMachine);
  const table = usePagedList(list);
  const formOpen = useSelector(editor, (s) => !s.matches('closed'));
  const submitting = useSelector(editor, (s) => s.matches('submitting'));
  const form = useSelector(editor, (s) => s.context.form);
  const errors = useSelector(editor, (s) => s.context.errors);
  const confirming = useSelector(action, (s) => !s.matches('idle'));
  const target = useSelector(action, (s) => s.context.target);
  const comment = useSelector(action, (s) => s.context.comment);
  const commentError = useSelector(action, (s) => s.context.error);
  const [viewing, setViewing] = useState<CertificationRecord | null>(null);
  const [draft, setDraft] = useState<CertificationQuery>(EMPTY_CERTIFICATION_QUERY);
  const nameLabel = fieldLabel(spec, spec.nameField);
  const idLabel = fieldLabel(spec, spec.idField);
  const request = (r: CertificationRecord, kind: 'REVOKE' | 'APPROVED' | 'REJECTED') =>
    action.send({ type: 'REQUEST', target: { keyId: r.keyId, name: r.name, version: r.version, action: kind } });

  const columns: PagedTableColumn<CertificationRecord>[] = [
    ...(isCertificate
      ? [
          { key: 'certNo', title: '证书编号', width: 160 },
          { key: 'holderType', title: '持有者类型', width: 80, render: (r) => (r.holderType ? HOLDER_TYPE_LABEL[r.holderType] : '--') },
        ] as PagedTableColumn<CertificationRecord>[]
      : []),
    { key: 'name', title: nameLabel, width: 180 },
    { key: 'idNumber', title: idLabel, width: 170 },
    ...(spec.kind === 'ENTERPRISE' ? [{ key: 'legalPerson', title: '法定代表人', width: 100 } as PagedTableColumn<CertificationRecord>] : []),
    ...(spec.kind === 'PERSONAL' ? [{ key: 'mobile', title: '手机号码', width: 120 } as PagedTableColumn<CertificationRecord>] : []),
    ...(isCertificate
      ? [{ key: 'validTo', title: '有效期至', width: 96, render: (r: CertificationRecord) => formatDateTime(r.validTo).slice(0, 10) } as PagedTableColumn<CertificationRecord>]
      : [{ key: 'reviewerName', title: '审核人', width: 100, render: (r: CertificationRecord) => r.reviewerName || '--' } as PagedTableColumn<CertificationRecord>]),
    { key: 'status', title: '状态', width: 72, render: (r) => <Badge appearance="tint" color={STATUS_COLOR[r.status]}>{STATUS_LABEL[r.status]}</Badge> },
    { key: 'createTime', title: isCertificate ? '申请时间' : '提交时间', width: 140, render: (r) => formatDateTime(r.createTime) },
    {
      key: 'operations', title: '操作',
      render: (r) => (
        <div className={styles.actions}>
          <Button className={styles.op} size="small" appearance="transparent" onClick={() => setViewing(r)}>查看</Button>
          {isCertificate && r.status === 'VALID' && (
            <Permission code="delete" path={spec.path}>
              <Button className={styles.op} size="small" appearance="transparent" onClick={() => request(r, 'REVOKE')}>吊销</Button>
            </Permission>
          )}
          {!isCertificate && r.status === 'PENDING' && (
            <>
              <Permission code="examine" path={spec.path}>
                <Button className={styles.op} size="small" appearance="transparent" onClick={() => request(r, 'APPROVED')}>通过</Button>
              </Permission>
              <Permission code="reject" path={spec.path}>
                <Button className={styles.op} size="small" appearance="transparent" onClick={() => request(r, 'REJECTED')}>驳回</Button>
              </Permission>
            </>
          )}
        </div>
      ),
    },
  ];

  const detailRows: Array<[string, string]> = viewing
    ? [
        ...(isCertificate ? ([['证书编号', viewing.certNo], ['持有者类型', viewing.holderType ? HOLDER_TYPE_LABEL[viewing.holderType] : '']] as Array<[string, string]>) : []),
        [nameLabel, viewing.name],
        [idLabel, viewing.idNumber],
        ...(spec.kind === 'ENTERPRISE' ? ([['法定代表人', viewing.legalPerson]] as Array<[string, string]>) : []),
        ...(spec.kind === 'PERSONAL' ? ([['手机号码', viewing.mobile]] as Array<[string, string]>) : []),
        ['状态', STATUS_LABEL[viewing.status]],
        ...(isCertificate
          ? ([['有效期', `${formatDateTime(viewing.validFrom).slice(0, 10)} 至 ${formatDateTime(viewing.validTo).slice(0, 10)}`], ['吊销原因', viewing.comment]] as Array<[string, string]>)
          : ([['审核人', viewing.reviewerName], ['审核时间', viewing.reviewTime ? formatDateTime(viewing.reviewTime) : ''], ['审核意见', viewing.comment]] as Array<[string, string]>)),
        [isCertificate ? '申请时间' : '提交时间', formatDateTime(viewing.createTime)],
      ]
    : [];

  return (
    <section className={styles.page}>
      <Text as="h1" size={600} weight="semibold">{spec.title}</Text>
      <div className={styles.card}>
        <QueryForm
          searching={table.loading}
          onSearch={() => list.send({ type: 'SEARCH', query: draft })}
          onReset={() => { setDraft(EMPTY_CERTIFICATION_QUERY); list.send({ type: 'RESET' }); }}
        >
          <QueryFormItem label={nameLabel}>
            <Input value={draft.name} placeholder={`请输入${nameLabel}`} maxLength={100} onChange={(_, d) => setDraft((q) => ({ ...q, name: d.value }))} />
          </QueryFormItem>
          <QueryFormItem label={idLabel}>
            <Input value={draft.idNumber} placeholder={`请输入${idLabel}`} maxLength={18}
              onChange={(_, d) => setDraft((q) => ({ ...q, idNumber: d.value.replace(/[^0-9A-Za-z]/g, '').toUpperCase() }))} />
          </QueryFormItem>
          <QueryFormItem label="状态">
            <Select value={draft.status} onChange={(_, d) => setDraft((q) => ({ ...q, status: d.value as CertificationQuery['status'] }))}>
              <option value="">全部</option>
              {spec.statuses.map((s) => <option key={s} value={s}>{STATUS_LABEL[s]}</option>)}
            </Select>
          </QueryFormItem>
        </QueryForm>
      </div>
      <div className={styles.card}>
        <div className={styles.toolbar}>
          <Permission code="add" path={spec.path}>
            <Button appearance="primary" onClick={() => editor.send({ type: 'OPEN' })}>{isCertificate ? '申请证书' : '新增认证'}</Button>
          </Permission>
        </div>
        <PagedTable
          aria-label={`${spec.noun}列表`}
          columns={columns}
          {...table}
          rowKey={(row) => row.keyId}
        />
      </div>
      {formOpen && (
        <GenericDialog open title={isCertificate ? '申请证书' : `新增${spec.noun}`} width={520} onClose={() => editor.send({ type: 'CLOSE' })}
          onSubmit={() => editor.send({ type: 'SUBMIT' })} submitting={submitting}>
          <div className={styles.fields}>
            {spec.fields.map((rule) => (
              <Field key={rule.field} label={rule.label} required validationMessage={errors[rule.field]}>
                {rule.options ? (
                  <Select value={form[rule.field]} onChange={(_, d) => editor.send({ type: 'CHANGE', field: rule.field, value: d.value })}>
                    {Object.entries(rule.options).map(([value, label]) => <option key={value} value={value}>{label}</option>)}
                  </Select>
                ) : (
                  <Input value={form[rule.field]} maxLength={rule.max} placeholder={`请输入${rule.label}`}
                    onChange={(_, d) => editor.send({ type: 'CHANGE', field: rule.field, value: d.value })} />
                )}
              </Field>
            ))}
          </div>
        </GenericDialog>
      )}
      {viewing && (
        <GenericDialog open title={`${spec.noun}详情`} width={560} onClose={() => setViewing(null)}>
          <dl className={styles.details}>
            {detailRows.map(([label, value]) => (
              <div key={label} style={{ display: 'contents' }}>
                <dt>{label}</dt>
                <dd style={{ margin: 0 }}>{value || '--'}</dd>
              </div>
            ))}
          </dl>
        </GenericDialog>
      )}
      {confirming && target && (
        <GenericDialog open title={`${ACTION_LABEL[target.action]}${spec.noun}`} width={480} onClose={() => action.send({ type: 'CANCEL' })}
          onSubmit={() => action.send({ type: 'CONFIRM' })} submitText="确定">
          <div className={styles.fields}>
            <Text>{`确定${ACTION_LABEL[target.action]} ${target.name} 的${spec.noun}吗？`}</Text>
            <Field label={target.action === 'REVOKE' ? '吊销原因' : '审核意见'} required={target.action !== 'APPROVED'} validationMessage={commentError ?? undefined}>
              <Textarea value={comment} maxLength={200} onChange={(_, d) => action.send({ type: 'COMMENT', value: d.value })} />
            </Field>
          </div>
        </GenericDialog>
      )}
    </section>
  );
}

export function CertificateManagementScreen() {
  return <CertificationScreen spec={CERTIFICATE_SPEC} />;
}

export function EnterpriseCertificationScreen() {
  return <CertificationScreen spec={ENTERPRISE_SPEC} />;
}

export function PersonalCertificationScreen() {
  return <CertificationScreen spec={PERSONAL_SPEC} />;
}
