// /register (SPEC §2.1, the login layout): a supplier not yet on the platform applies with its company and an
// account. The platform's user agreement is read in the read-only agreement dialog (SPEC §2.5) and 同意 is
// offered only once it was scrolled to its end. A sent application says it is being reviewed: the account
// signs in once an administrator approves its 企业认证.
import { Button, Checkbox, Field, Input, Link, Spinner, Text, makeStyles, tokens } from '@fluentui/react-components';
import { useActorRef, useSelector } from '@xstate/react';
import { type FormEvent, type UIEvent, useState } from 'react';
import { createRegistrationMachine } from '../../../application/registration/registration.machine';
import {
  REGISTRATION_LABEL,
  type RegistrationField,
  RegistrationMessage,
  USER_AGREEMENT,
  USER_AGREEMENT_TITLE,
} from '../../../domain/registration/registration';
import { DOCUMENT_TITLE } from '../../../domain/session/session';
import { useServices } from '../../app/services';
import { RouteLink } from '../../kit/route-link';
import { AgreementText } from '../../kit/dialogs/agreement-dialog';
import { GenericDialog } from '../../kit/dialogs/generic-dialog';

const useStyles = makeStyles({
  page: {
    minHeight: '100%',
    display: 'flex',
    alignItems: 'center',
    justifyContent: 'center',
    padding: '24px 12px',
    boxSizing: 'border-box',
    backgroundImage: `linear-gradient(135deg, ${tokens.colorBrandBackground2} 0%, ${tokens.colorNeutralBackground3} 100%)`,
  },
  card: {
    width: 'min(560px, 100%)',
    boxSizing: 'border-box',
    padding: '28px',
    display: 'flex',
    flexDirection: 'column',
    gap: '14px',
    backgroundColor: tokens.colorNeutralBackground1,
    borderRadius: tokens.borderRadiusXLarge,
    boxShadow: tokens.shadow16,
  },
  title: { fontSize: tokens.fontSizeBase500, fontWeight: tokens.fontWeightSemibold, textAlign: 'center' },
  grid: { display: 'grid', gridTemplateColumns: 'repeat(auto-fit, minmax(220px, 1fr))', gap: '12px 16px' },
  section: { color: tokens.colorNeutralForeground3, fontSize: tokens.fontSizeBase200, marginTop: '4px' },
  agree: { display: 'flex', alignItems: 'center', flexWrap: 'wrap' },
  footer: { display: 'flex', justifyContent: 'space-between', alignItems: 'center' },
  hint: { color: tokens.colorNeutralForeground3 },
});

const COMPANY: readonly RegistrationField[] = [
  'companyName',
  'creditCode',
  'legalPerson',
  'contactName',
  'mobile',
  'email',
];
const ACCOUNT: readonly RegistrationField[] = ['userName', 'password', 'rePassword'];
const AUTOCOMPLETE: Partial<Record<RegistrationField, string>> = {
  userName: 'username',
  password: 'new-password',
  rePassword: 'new-password',
  email: 'email',
  mobile: 'tel',
};

export function RegisterScreen() {
  const styles = useStyles();
  const { registration, notifier } = useServices();
  const [machine] = useState(() => createRegistrationMachine({ gateway: registration, notifier }));
  const actor = useActorRef(machine);
  const form = useSelector(actor, (s) => s.context.form);
  const errors = useSelector(actor, (s) => s.context.errors);
  const submitting = useSelector(actor, (s) => s.matches('submitting'));
  const submitted = useSelector(actor, (s) => s.matches('submitted'));
  const [reading, setReading] = useState(false);
  const [readToEnd, setReadToEnd] = useState(false);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    actor.send({ type: 'SUBMIT' });
  };
  // The letter's own box scrolls; its scroll is caught on the way down, since scroll events do not bubble.
  const onScroll = (event: UIEvent<HTMLDivElement>) => {
    const box = event.target as HTMLElement;
    if (box.scrollTop + box.clientHeight >= box.scrollHeight - 4) setReadToEnd(true);
  };
  const field = (name: Exclude<RegistrationField, 'agreed'>, max: number) => (
    <Field key={name} label={REGISTRATION_LABEL[name]} required validationMessage={errors[name]}>
      <Input
        type={name === 'password' || name === 'rePassword' ? 'password' : 'text'}
        value={form[name]}
        maxLength={max}
        autoComplete={AUTOCOMPLETE[name]}
        onChange={(_, d) => actor.send({ type: 'CHANGE', field: name, value: d.value })}
      />
    </Field>
  );

  if (submitted) {
    return (
      <main className={styles.page}>
        <section className={styles.card} aria-label="注册结果">
          <Text as="h1" className={styles.title}>
            {RegistrationMessage.submitted}
          </Text>
          <Text>平台将审核您提交的企业认证，审核通过后即可使用用户名 {form.userName} 登录。</Text>
          <RouteLink to="/login">返回登录</RouteLink>
        </section>
      </main>
    );
  }

  return (
    <main className={styles.page}>
      <form className={styles.card} onSubmit={submit} noValidate aria-label="注册">
        <Text as="h1" className={styles.title}>
          {DOCUMENT_TITLE} · 供应商注册
        </Text>
        <Text className={styles.section}>企业信息</Text>
        <div className={styles.grid}>
          {COMPANY.map((name) =>
            field(name as Exclude<RegistrationField, 'agreed'>, name === 'companyName' ? 100 : 60),
          )}
        </div>
        <Text className={styles.section}>登录账号</Text>
        <div className={styles.grid}>
          {ACCOUNT.map((name) => field(name as Exclude<RegistrationField, 'agreed'>, name === 'userName' ? 30 : 15))}
        </div>
        <Field validationMessage={errors.agreed}>
          <div className={styles.agree}>
            <Checkbox
              checked={form.agreed}
              label="我已阅读并同意"
              onChange={(_, d) =>
                d.checked && !readToEnd ? setReading(true) : actor.send({ type: 'AGREE', agreed: !!d.checked })
              }
            />
            <Link onClick={() => setReading(true)}>《{USER_AGREEMENT_TITLE}》</Link>
          </div>
        </Field>
        <div className={styles.footer}>
          <RouteLink to="/login">已有账号，返回登录</RouteLink>
          <Button
            appearance="primary"
            type="submit"
            disabled={submitting}
            icon={submitting ? <Spinner size="tiny" /> : undefined}
          >
            {submitting ? '提交中…' : '提交注册'}
          </Button>
        </div>
      </form>
      {reading && (
        <GenericDialog
          open
          title={USER_AGREEMENT_TITLE}
          width={640}
          onClose={() => setReading(false)}
          submitText="同意"
          submitDisabled={!readToEnd}
          onSubmit={() => {
            actor.send({ type: 'AGREE', agreed: true });
            setReading(false);
          }}
        >
          <div
            onScrollCapture={onScroll}
            ref={(el) => {
              // A letter that fits without scrolling has been seen whole.
              const box = el?.querySelector<HTMLElement>('[role="document"]');
              if (box && !readToEnd && box.scrollHeight <= box.clientHeight + 4) setReadToEnd(true);
            }}
          >
            <AgreementText title={USER_AGREEMENT_TITLE} content={USER_AGREEMENT} maxHeight="40vh" />
          </div>
          {!readToEnd && <Text className={styles.hint}>请阅读至协议末尾后同意</Text>}
        </GenericDialog>
      )}
    </main>
  );
}
