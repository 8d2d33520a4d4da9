import { valibotResolver } from '@hookform/resolvers/valibot';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { useForm } from 'react-hook-form';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { sharedCatalogs } from '../catalogs.ts';
import { ContactBody } from '../contracts/contact.ts';
import { activateLanguage, registerCatalogs } from '../i18n/index.ts';
import { useSessionStore } from '../store/session.ts';
import { AppProviders } from '../ui/AppProviders.tsx';
import { Input } from '../ui/chakra.ts';
import { FormError, FormField, TextField } from './FormField.tsx';

beforeAll(async () => {
  await registerCatalogs('shared', sharedCatalogs);
  await activateLanguage('en');
});
afterEach(async () => {
  cleanup();
  await activateLanguage('en');
  useSessionStore.getState().setLanguage('en');
});

/** The contact form as the host builds it: the contract's schema, the kit's fields. */
function ContactForm() {
  const form = useForm<ContactBody>({
    resolver: valibotResolver(ContactBody),
    defaultValues: { name: '', email: '', phone: '', subject: '', message: '' },
  });
  const { errors } = form.formState;
  return (
    <form noValidate onSubmit={form.handleSubmit(() => undefined)}>
      <TextField label="Name" required error={errors.name} {...form.register('name')} />
      <TextField label="Email" type="email" error={errors.email} {...form.register('email')} />
      <TextField label="Phone" error={errors.phone} {...form.register('phone')} />
      <TextField label="Subject" error={errors.subject} {...form.register('subject')} />
      <TextField label="Message" multiline error={errors.message} {...form.register('message')} />
      <button type="submit">Send</button>
    </form>
  );
}

const fill = (label: string, value: string) =>
  fireEvent.input(screen.getByLabelText(new RegExp(`^${label}`)), { target: { value } });

async function submitTooLongMessage() {
  render(
    <AppProviders>
      <ContactForm />
    </AppProviders>,
  );
  fill('Name', 'Sara');
  fill('Email', 'sara@example.qa');
  fill('Phone', '55512345');
  fill('Subject', 'Hello');
  fill('Message', 'x'.repeat(2001));
  await act(async () => {
    fireEvent.click(screen.getByRole('button', { name: 'Send' }));
  });
}

describe('TextField with react-hook-form and the valibot resolver', () => {
  it('shows the contact form’s 2001-character message as a sentence, tied to the textarea', async () => {
    await submitTooLongMessage();
    const error = await screen.findByText('Message must be at most 2000 characters.');
    const textarea = screen.getByLabelText('Message');
    expect(textarea.tagName).toBe('TEXTAREA');
    expect(textarea.getAttribute('aria-invalid')).toBe('true');
    expect(textarea.getAttribute('aria-describedby')).toBe(error.id);
    expect(screen.queryByText(/Invalid length/)).toBeNull();
    // The other fields are valid: no error on them.
    expect(screen.getByLabelText(/^Name/).getAttribute('aria-invalid')).toBeNull();
  });

  it('shows the same error in Arabic, and switches with the language', async () => {
    await activateLanguage('ar');
    await submitTooLongMessage();
    expect(await screen.findByText('يجب ألا تتجاوز الرسالة 2000 حرف.')).toBeTruthy();
    await act(() => activateLanguage('en'));
    expect(await screen.findByText('Message must be at most 2000 characters.')).toBeTruthy();
  });

  it('shows every required message of an empty form in Arabic', async () => {
    await activateLanguage('ar');
    render(
      <AppProviders>
        <ContactForm />
      </AppProviders>,
    );
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Send' }));
    });
    for (const text of [
      'الاسم مطلوب.',
      'البريد الإلكتروني مطلوب.',
      'رقم الهاتف مطلوب.',
      'الموضوع مطلوب.',
      'الرسالة مطلوبة.',
    ])
      expect(await screen.findByText(text)).toBeTruthy();
  });

  it('marks a required control and gives the label to the input', () => {
    render(
      <AppProviders>
        <TextField label="Name" required name="name" />
      </AppProviders>,
    );
    const input = screen.getByRole('textbox', { name: /Name/ });
    expect(input.getAttribute('aria-required') ?? input.getAttribute('required')).not.toBeNull();
  });
});

describe('FormField', () => {
  it('wraps any control: label, helper while valid, the error (from a FieldError object) instead when not', async () => {
    const view = (error?: { message?: string }) => (
      <AppProviders>
        <FormField label="Website" helper="https://… address" error={error}>
          <Input name="website" />
        </FormField>
      </AppProviders>
    );
    const { rerender } = render(view());
    const input = screen.getByLabelText('Website');
    const helper = screen.getByText('https://… address');
    expect(input.getAttribute('aria-describedby')?.split(' ')).toContain(helper.id);
    rerender(view({ message: 'Please enter a valid URL (https://…)' }));
    expect(screen.queryByText('https://… address')).toBeNull();
    const error = screen.getByText('Please enter a valid URL (https://…)');
    expect(error.getAttribute('aria-live')).toBe('polite');
    expect(screen.getByLabelText('Website').getAttribute('aria-invalid')).toBe('true');
    await waitFor(() =>
      expect(screen.getByLabelText('Website').getAttribute('aria-errormessage')).toBe(error.id),
    );
  });

  it('shows a message the table does not know as it is (a server reason, already translated)', async () => {
    await activateLanguage('ar');
    render(
      <AppProviders>
        <FormField label="Logo" error="الملف كبير جدًا">
          <Input name="logo" />
        </FormField>
      </AppProviders>,
    );
    expect(screen.getByText('الملف كبير جدًا')).toBeTruthy();
  });
});

describe('FormError', () => {
  it('announces a message outside a field, translated, and renders nothing without one', async () => {
    const { rerender } = render(
      <AppProviders>
        <FormError error={undefined} />
      </AppProviders>,
    );
    expect(screen.queryByRole('alert')).toBeNull();
    rerender(
      <AppProviders>
        <FormError error={{ message: 'Please select at least one service.' }} />
      </AppProviders>,
    );
    expect(screen.getByRole('alert').textContent).toBe('Please select at least one service.');
    // As the top bar's switch does it: the catalogs, then the session's language (the page follows the session).
    await act(async () => {
      await activateLanguage('ar');
      useSessionStore.getState().setLanguage('ar');
    });
    expect(screen.getByRole('alert').textContent).toBe('يرجى اختيار خدمة واحدة على الأقل.');
  });
});
