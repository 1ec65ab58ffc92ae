import { ChakraProvider, defaultSystem, Flex } from '@chakra-ui/react';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import * as z from 'zod/mini';

import { ApiError } from '../../lib/api-error.ts';
import { ErrorSummary } from '../error-summary.tsx';
import { TextField } from '../text-field.tsx';
import { SubmitButton } from './submit-button.tsx';
import { useForm } from './use-form.ts';

// A form made only of the shared pieces, as every form of the portal is.
const Schema = z.object({
  email: z.string().check(z.minLength(1, 'Enter your email address')),
  name: z.string().check(z.minLength(1, 'Enter your name')),
});

function TestForm({ send }: { send: (body: z.output<typeof Schema>) => Promise<unknown> }) {
  const { summary, summaryRef, submit, field, pending } = useForm({
    schema: Schema,
    ids: { email: 'test-email', name: 'test-name' },
    initial: { email: '', name: '' },
    send,
  });
  return (
    <>
      <ErrorSummary ref={summaryRef} errors={summary} />
      <form noValidate onSubmit={submit} aria-label="Test form">
        <Flex direction="column">
          <TextField {...field('email')} label="Email address" />
          <TextField {...field('name')} label="Name" />
          <SubmitButton pending={pending} pendingText="Saving">
            Save
          </SubmitButton>
        </Flex>
      </form>
    </>
  );
}

const show = (send: (body: unknown) => Promise<unknown>) =>
  render(
    <ChakraProvider value={defaultSystem}>
      <TestForm send={send} />
    </ChakraProvider>,
  );
const email = () => screen.getByRole('textbox', { name: 'Email address' });
const name = () => screen.getByRole('textbox', { name: 'Name' });

afterEach(cleanup);

describe('the shared form pieces', () => {
  it('shows a field error beside the field, marked invalid and announced with it', () => {
    const send = vi.fn(() => Promise.resolve());
    show(send);
    expect(email()).not.toHaveAttribute('aria-invalid');
    fireEvent.change(name(), { target: { value: 'Alex' } });
    fireEvent.submit(screen.getByRole('form', { name: 'Test form' }));
    expect(send).not.toHaveBeenCalled();
    expect(email()).toHaveAttribute('aria-invalid', 'true');
    expect(email()).toHaveAccessibleDescription('Error: Enter your email address');
    expect(name()).not.toHaveAttribute('aria-invalid');
    expect(name()).not.toHaveAttribute('aria-describedby');
  });

  it('lists the errors in a summary that takes focus, each linking to its field', () => {
    show(() => Promise.resolve());
    fireEvent.submit(screen.getByRole('form', { name: 'Test form' }));
    const summary = screen.getByRole('alert');
    expect(summary).toHaveFocus();
    const links = screen.getAllByRole('link');
    expect(links.map((link) => [link.textContent, link.getAttribute('href')])).toEqual([
      ['Enter your email address', '#test-email'],
      ['Enter your name', '#test-name'],
    ]);
    fireEvent.click(links[1] as HTMLElement);
    expect(name()).toHaveFocus();
  });

  it('refuses a second submit while the first is pending, and shows the button busy', async () => {
    let finish: () => void = () => undefined;
    const send = vi.fn(() => new Promise<void>((resolve) => (finish = resolve)));
    show(send);
    fireEvent.change(email(), { target: { value: 'alex@example.com' } });
    fireEvent.change(name(), { target: { value: 'Alex' } });
    const form = screen.getByRole('form', { name: 'Test form' });
    // Two submits in the same frame (Enter pressed twice) as well as one after the re-render.
    act(() => {
      fireEvent.submit(form);
      fireEvent.submit(form);
    });
    fireEvent.submit(form);
    expect(send).toHaveBeenCalledTimes(1);
    expect(send).toHaveBeenCalledWith({ email: 'alex@example.com', name: 'Alex' });
    const button = screen.getByRole('button', { name: /Saving/ });
    expect(button).toBeDisabled();
    expect(button).toHaveAttribute('aria-busy', 'true');
    await act(async () => finish());
    expect(screen.getByRole('button', { name: 'Save' })).toBeEnabled();
    fireEvent.submit(form);
    expect(send).toHaveBeenCalledTimes(2);
  });

  it("puts the server's field errors on their fields and its non_field_errors in the summary, keeping what was typed", async () => {
    const refusal = new ApiError({
      kind: 'http',
      status: 400,
      data: { email: ['This email address is already in use.'], non_field_errors: ['Try again later.'] },
    });
    show(() => Promise.reject(refusal));
    fireEvent.change(email(), { target: { value: 'taken@example.com' } });
    fireEvent.change(name(), { target: { value: 'Alex' } });
    await act(async () => {
      fireEvent.submit(screen.getByRole('form', { name: 'Test form' }));
    });
    expect(email()).toHaveAccessibleDescription('Error: This email address is already in use.');
    expect(email()).toHaveAttribute('aria-invalid', 'true');
    expect(name()).not.toHaveAttribute('aria-invalid');
    const summary = screen.getByRole('alert');
    expect(summary).toHaveFocus();
    expect(screen.getByRole('link', { name: 'This email address is already in use.' })).toHaveAttribute(
      'href',
      '#test-email',
    );
    expect(summary).toHaveTextContent('Try again later.');
    expect(email()).toHaveValue('taken@example.com');
  });
});

function TouchedForm() {
  const { field } = useForm({
    schema: Schema,
    ids: { email: 'touched-email', name: 'touched-name' },
    initial: { email: '', name: '' },
    send: () => undefined,
    validate: 'touched',
  });
  return (
    <ChakraProvider value={defaultSystem}>
      <TextField {...field('email')} label="Email address" />
      <a href="#elsewhere">Elsewhere</a>
    </ChakraProvider>
  );
}

describe("a field's message once it is left (validate: 'touched')", () => {
  it('shows when the field is left by the keyboard', () => {
    render(<TouchedForm />);
    fireEvent.blur(email());
    expect(email()).toHaveAccessibleDescription('Error: Enter your email address');
  });

  it('waits until a press on a link is released, so the message cannot move the link from under the pointer', async () => {
    render(<TouchedForm />);
    const link = screen.getByRole('link', { name: 'Elsewhere' });
    fireEvent.pointerDown(link);
    fireEvent.blur(email());
    expect(email()).not.toHaveAttribute('aria-invalid');
    fireEvent.pointerUp(link);
    expect(email()).not.toHaveAttribute('aria-invalid');
    await act(() => new Promise((resolve) => setTimeout(resolve, 0)));
    expect(email()).toHaveAccessibleDescription('Error: Enter your email address');
  });
});
