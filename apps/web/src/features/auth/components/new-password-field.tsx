import { Field, Input } from '@/components/ui/input';

interface NewPasswordFieldProps {
  id: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  /** The server's password policy, once the runtime configuration has loaded. */
  policy: { minLength: number; maxLength: number } | undefined;
}

/** A password being chosen: the browser may offer a generated one, and the policy's length is shown. */
export function NewPasswordField({ id, label, value, onChange, policy }: NewPasswordFieldProps) {
  return (
    <Field label={label} htmlFor={id} hint={policy ? `At least ${policy.minLength} characters.` : undefined}>
      <Input
        id={id}
        type="password"
        autoComplete="new-password"
        required
        minLength={policy?.minLength}
        maxLength={policy?.maxLength}
        value={value}
        onChange={(e) => onChange(e.target.value)}
      />
    </Field>
  );
}
