import { afterEach, describe, expect, it, vi } from 'vitest';

import {
  CHAT_STATE_KEY,
  CHAT_WIDGET_WAIT_MS,
  openChatSupport,
  registerChatWidget,
  resetChatSupport,
} from './chat-support.ts';

const profile = { first_name: 'Ada', last_name: 'Lovelace', email: 'ada@example.co.uk', phone: '07700 900123' };
const fakeWidget = () => ({ identify: vi.fn(), open: vi.fn(), reset: vi.fn() });

afterEach(() => {
  registerChatWidget(null);
  vi.useRealTimers();
});

describe('chat support', () => {
  it('opens a loaded widget as the user, with only the names and e-mail', () => {
    const widget = fakeWidget();
    registerChatWidget(widget);
    const unavailable = vi.fn();
    openChatSupport(profile, unavailable);
    expect(widget.identify).toHaveBeenCalledWith({
      first_name: 'Ada',
      last_name: 'Lovelace',
      email: 'ada@example.co.uk',
    });
    expect(widget.open).toHaveBeenCalledOnce();
    expect(unavailable).not.toHaveBeenCalled();
  });

  it('opens the chat when the widget arrives after the choice, and says nothing', () => {
    vi.useFakeTimers();
    const unavailable = vi.fn();
    openChatSupport(profile, unavailable);
    const widget = fakeWidget();
    registerChatWidget(widget);
    expect(widget.open).toHaveBeenCalledOnce();
    vi.advanceTimersByTime(CHAT_WIDGET_WAIT_MS);
    expect(unavailable).not.toHaveBeenCalled();
  });

  it('says the chat is not available when the widget has not come in time, and does not open it later', () => {
    vi.useFakeTimers();
    const unavailable = vi.fn();
    openChatSupport(profile, unavailable);
    vi.advanceTimersByTime(CHAT_WIDGET_WAIT_MS - 1);
    expect(unavailable).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(unavailable).toHaveBeenCalledOnce();
    const widget = fakeWidget();
    registerChatWidget(widget);
    expect(widget.open).not.toHaveBeenCalled();
  });

  it('reset clears the widget, a pending open and the tab state', () => {
    vi.useFakeTimers();
    sessionStorage.setItem(CHAT_STATE_KEY, '{}');
    openChatSupport(profile, vi.fn());
    resetChatSupport();
    expect(sessionStorage.getItem(CHAT_STATE_KEY)).toBeNull();
    const widget = fakeWidget();
    registerChatWidget(widget);
    expect(widget.open).not.toHaveBeenCalled();
    resetChatSupport();
    expect(widget.reset).toHaveBeenCalledOnce();
  });
});
