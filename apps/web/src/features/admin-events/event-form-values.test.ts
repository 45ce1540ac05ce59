import { describe, expect, it } from 'vitest';
import {
  EMPTY_EVENT_FORM,
  eventFormProblem,
  isOvernight,
  toEventInput,
  withLadderedFigures,
} from './event-form-values.ts';

const complete = {
  ...EMPTY_EVENT_FORM,
  title: 'Night',
  description: 'Deep',
  location: 'London',
  date: '2026-12-05',
  startTime: '23:30',
  endTime: '04:00',
  totalStandardTickets: 100,
  standardTicketPrice: 18.5,
  totalVipTickets: 0,
  vipTicketPrice: 45,
};

describe('the event forms', () => {
  it('sends times as the date plus THH:MM:00 and empty numbers as null', () => {
    const input = toEventInput({ ...complete, totalVipTickets: '', vipTicketPrice: '' }, 'PLANNED');
    expect(input).toMatchObject({
      startTime: '2026-12-05T23:30:00',
      endTime: '2026-12-05T04:00:00',
      totalVipTickets: null,
      vipTicketPrice: null,
      status: 'PLANNED',
    });
  });

  it('requires a title, then date and times unless the event is Coming Soon (create)', () => {
    expect(eventFormProblem({ ...complete, title: ' ' }, 'PLANNED', 'create')).toBe('Title is required.');
    expect(eventFormProblem({ ...complete, endTime: '' }, 'PUBLISHED', 'create')).toBe(
      'Please select date, start time, and end time.',
    );
    expect(eventFormProblem({ ...complete, endTime: '' }, 'PLANNED', 'create')).toBeNull();
  });

  it("lists what publishing still needs, in the spec's words", () => {
    expect(eventFormProblem({ ...complete, description: '', vipTicketPrice: 0 }, 'PUBLISHED', 'edit')).toBe(
      'Please complete: description, vip ticket price',
    );
    expect(eventFormProblem(complete, 'PUBLISHED', 'edit')).toBeNull();
  });

  it('marks an end earlier than the start as overnight', () => {
    expect(isOvernight({ startTime: '22:00', endTime: '04:00' })).toBe(true);
    expect(isOvernight({ startTime: '14:00', endTime: '22:00' })).toBe(false);
  });

  it('shows and sends the event’s own total and price for a ticket type sold in releases', () => {
    const event = { totalStandardTickets: 300, standardTicketPrice: 12, totalVipTickets: 20, vipTicketPrice: 60 };
    const form = { ...complete, totalStandardTickets: '', standardTicketPrice: '' };
    expect(withLadderedFigures(form, event, new Set(['STANDARD']))).toMatchObject({
      totalStandardTickets: 300,
      standardTicketPrice: 12,
      totalVipTickets: 0,
      vipTicketPrice: 45,
    });
    expect(withLadderedFigures(form, event, new Set())).toEqual(form);
  });
});
