import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { CheckCircle2, Clock } from 'lucide-react';
import { ChannelPicker } from '@/components/channel-picker';
import { Alert } from '@/components/ui/alert';
import { Button, buttonClasses } from '@/components/ui/button';
import { Field, Input, Textarea } from '@/components/ui/input';
import { ApiError } from '@/lib/api-client';
import { cn } from '@/lib/cn';
import { useAuth } from '@/lib/auth/use-auth';
import { useSubmitOnboarding } from '../api/submit-onboarding';
import { EMPTY_FORM, STEP_TITLES, validateStep, type OnboardingForm } from '../onboarding-steps';

type TextKey = Exclude<keyof OnboardingForm, 'channels'>;

function submitErrorText(error: unknown): string {
  if (error instanceof ApiError) return error.serverMessage ?? `Submit failed (${error.status})`;
  return 'Submission failed';
}

export default function OnboardingPage() {
  const { user } = useAuth();
  const [step, setStep] = useState(0);
  // A signed-in visitor starts with their own name and email filled in.
  const [form, setForm] = useState<OnboardingForm>(() => ({ ...EMPTY_FORM, name: user?.displayName ?? '', email: user?.email ?? '' }));
  const [error, setError] = useState<string | null>(null);
  const submission = useSubmitOnboarding();

  const set = (key: TextKey) => (e: { target: { value: string } }) => setForm((f) => ({ ...f, [key]: e.target.value }));
  const text = (key: TextKey, label: string, props: { type?: string; placeholder?: string; autoComplete?: string } = {}) => (
    <Field label={label} htmlFor={`onb-${key}`}>
      <Input id={`onb-${key}`} value={form[key]} onChange={set(key)} {...props} />
    </Field>
  );
  const area = (key: TextKey, label: string, placeholder?: string) => (
    <Field label={label} htmlFor={`onb-${key}`}>
      <Textarea id={`onb-${key}`} value={form[key]} onChange={set(key)} placeholder={placeholder} rows={4} />
    </Field>
  );

  const next = () => {
    const message = validateStep(step, form);
    setError(message);
    if (!message) setStep((s) => s + 1);
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (step < STEP_TITLES.length - 1) return next();
    setError(null);
    submission.mutate(form, { onError: (e) => setError(submitErrorText(e)) });
  };

  if (submission.isSuccess) {
    return (
      <Shell>
        <div className="py-6 text-center" role="status">
          <CheckCircle2 className="mx-auto size-12 text-emerald-500" aria-hidden />
          <h2 className="mt-4 text-2xl font-semibold">Thank you!</h2>
          <p className="mx-auto mt-2 max-w-md text-slate-600">
            We received your answers. Your Hookline strategist will review them and get back to you within one business day.
          </p>
          <div className="mt-6 flex justify-center gap-3">
            <Link to={user ? '/dashboard' : '/'} className={buttonClasses('primary')}>
              {user ? 'Go to Dashboard' : 'Back to home'}
            </Link>
          </div>
        </div>
      </Shell>
    );
  }

  return (
    <Shell>
      <ol className="mb-6 grid grid-cols-4 gap-2" aria-label="Progress">
        {STEP_TITLES.map((title, index) => (
          <li key={title} aria-current={index === step ? 'step' : undefined}>
            <span className={cn('block h-1.5 rounded-full', index <= step ? 'bg-brand-600' : 'bg-slate-200')} />
            <span className={cn('mt-2 block text-xs font-medium', index === step ? 'text-brand-800' : 'text-slate-500')}>{title}</span>
          </li>
        ))}
      </ol>
      <form onSubmit={submit} noValidate>
        <fieldset className="grid gap-4">
          <legend className="mb-4">
            <span className="block text-sm font-medium text-slate-500">Step {step + 1} of 4</span>
            <span className="mt-1 block text-xl font-semibold text-slate-900">{STEP_TITLES[step]}</span>
          </legend>
          {step === 0 ? (
            <>
              <div className="grid gap-4 sm:grid-cols-2">
                {text('name', 'Your name', { autoComplete: 'name' })}
                {text('email', 'Email', { type: 'email', autoComplete: 'email' })}
              </div>
              {text('brand', 'Brand')}
              {text('website', 'Website', { type: 'url', placeholder: 'https://' })}
              <div className="grid gap-4 sm:grid-cols-3">
                {text('instagram', 'Instagram', { placeholder: '@handle' })}
                {text('twitter', 'Twitter/X', { placeholder: '@handle' })}
                {text('youtube', 'YouTube', { placeholder: 'Channel URL' })}
              </div>
            </>
          ) : null}
          {step === 1 ? (
            <>
              {area('goals', 'Goals', 'What should content achieve for you in the next 90 days?')}
              {area('pillars', 'Pillars / Voice', 'Topics you own, and how you sound.')}
              <ChannelPicker legend="Channels" value={form.channels} onChange={(channels) => setForm((f) => ({ ...f, channels }))} />
            </>
          ) : null}
          {step === 2 ? (
            <>
              {text('cadence', 'Desired cadence', { placeholder: 'e.g. 5 posts and 2 videos a week' })}
              {area('approvalFlow', 'Approval workflow', 'Who signs off on content, and how?')}
            </>
          ) : null}
          {step === 3 ? (
            <>
              {text('assetsUrl', 'Brand assets', { type: 'url', placeholder: 'Link to a drive or folder' })}
              {area('notes', 'Notes', 'Anything else we should know?')}
            </>
          ) : null}
        </fieldset>
        {error ? (
          <Alert tone="error" className="mt-4">
            {error}
          </Alert>
        ) : null}
        <div className="mt-6 flex items-center justify-between gap-3">
          <Button variant="secondary" onClick={() => (setError(null), setStep((s) => s - 1))} disabled={step === 0}>
            Back
          </Button>
          {step < STEP_TITLES.length - 1 ? (
            // Distinct keys: reusing one DOM button would turn the Next click into a form submit.
            <Button key="next" onClick={next}>
              Next
            </Button>
          ) : (
            <Button key="submit" type="submit" disabled={submission.isPending}>
              {submission.isPending ? 'Submitting…' : 'Submit'}
            </Button>
          )}
        </div>
      </form>
    </Shell>
  );
}

function Shell({ children }: { children: React.ReactNode }) {
  return (
    <div className="bg-gradient-to-b from-brand-50 to-slate-50 px-4 pb-16 pt-28 sm:pt-32">
      <div className="mx-auto max-w-2xl">
        <h1 className="text-3xl font-semibold tracking-tight text-slate-900">Let’s get your content done</h1>
        <p className="mt-2 flex items-center gap-2 text-slate-600">
          <Clock className="size-4" aria-hidden /> Estimated time: about 5 minutes.
        </p>
        <div className="mt-6 rounded-2xl bg-white p-6 shadow-xl ring-1 shadow-slate-900/5 ring-slate-200 sm:p-8">{children}</div>
      </div>
    </div>
  );
}
