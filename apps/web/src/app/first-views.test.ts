import { type ComponentType, createElement, type ReactElement } from 'react';
import { renderToString } from 'react-dom/server';
import { Route, Routes, StaticRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { AccountPage } from '../features/account/account-page.tsx';
import { LOGIN_CARD } from '../features/auth/login-first-view.tsx';
import type { EventSummary } from '@fourfour/shared/events';
import {
  EmbeddedEventsContext,
  embeddedEvents,
  embeddedEventsReplaced,
  forgetEmbeddedEvents,
} from '../lib/embedded-events.ts';
import { EventsPage } from '../features/events/events-page.tsx';
import { PurchasePage } from '../features/purchase/purchase-page.tsx';
import { getSession } from '../lib/session.ts';
import { pathWithEvents, renderFirstRender } from '../prerender.tsx';
import { FIRST_VIEWS } from './first-views.tsx';
import { AppProviders } from './providers.tsx';
import { APP_ROUTES } from './route-table.ts';

/**
 * Markup without what differs between two renders of the same tree: Mantine's <style> tags (theme
 * variables, responsive props) and the class names and ids React's useId gives them.
 */
function normalise(markup: string): string {
  return markup
    .replace(/<style[\s\S]*?<\/style>/g, '')
    .replace(/\s?__m__-[^\s"]+/g, '')
    .replace(/\bid="mantine-[^"]*"/g, '')
    .replace(/<title>[\s\S]*?<\/title>/g, '');
}

/** `element` at `url` inside the app's providers, as the router renders a route's screen. */
function renderAt(url: string, pattern: string, element: ReactElement): string {
  return renderToString(
    createElement(
      AppProviders,
      null,
      createElement(
        StaticRouter,
        { location: url },
        createElement(Routes, null, createElement(Route, { path: pattern, element })),
      ),
    ),
  );
}

const urlOf = (pattern: string) => pattern.replace(/:[A-Za-z]+/g, '7');
const firstViewOf = (pattern: string): ComponentType => {
  const view = FIRST_VIEWS[pattern];
  if (!view) throw new Error(`no first view for ${pattern}`);
  return view;
};

describe('first views in the HTML (issue 19)', () => {
  it('gives first views only to routes of the route table', () => {
    const paths = new Set(APP_ROUTES.map((route) => route.path));
    for (const pattern of Object.keys(FIRST_VIEWS)) expect(paths.has(pattern), pattern).toBe(true);
  });

  it.each(Object.keys(FIRST_VIEWS))(
    'renders %s first as its first view, in the layout, with the session unknown',
    (pattern) => {
      const firstRender = normalise(renderFirstRender(urlOf(pattern)));
      const firstView = normalise(renderAt(urlOf(pattern), pattern, createElement(firstViewOf(pattern))));
      expect(firstRender).toContain(firstView);
      expect(firstRender).toContain('<header');
      expect(firstRender).toContain('<footer');
      // The header's placeholders: nobody is signed in or out yet, so nobody's name or links show.
      expect(firstRender).toContain('mantine-Skeleton-root');
      expect(firstRender).not.toMatch(/Log out|Welcome back,/);
      expect(getSession().status).toBe('loading');
    },
  );

  it.each([
    ['/events', EventsPage],
    ['/purchase/:eventId', PurchasePage],
    ['/account', AccountPage],
  ] as const)(
    '%s draws its first view itself while its data loads, so nothing moves when it replaces it',
    (pattern, Page) => {
      const page = normalise(renderAt(urlOf(pattern), pattern, createElement(Page)));
      const firstView = normalise(renderAt(urlOf(pattern), pattern, createElement(firstViewOf(pattern))));
      expect(page).toBe(firstView);
    },
  );

  it('puts the login card’s heading and lead, the phone’s largest paint, in the first view', () => {
    const firstRender = renderFirstRender('/login');
    expect(firstRender).toMatch(new RegExp(`<h1[^>]*>${LOGIN_CARD.title}</h1>`));
    expect(firstRender).toContain(`>${LOGIN_CARD.lead}</p>`);
  });

  it('shows the home page’s hero with its still poster, which the HTML asks for at once', () => {
    const firstRender = renderFirstRender('/');
    expect(firstRender).toContain('Four beats to the bar.');
    expect(firstRender).toMatch(/<img[^>]+src="\/media\/hero-poster\.jpg"/);
    expect(firstRender).not.toContain('<video');
  });

  it('leaves no hydration marks in the markup (the app replaces it, it does not hydrate it)', () => {
    for (const route of APP_ROUTES) {
      const markup = renderFirstRender(urlOf(route.path));
      expect(markup, route.path).not.toMatch(/<!--\/?\$|<template|<title>/);
    }
  });

  describe('with the events list in the page (the server renders /events with it)', () => {
    const DAY = 86_400_000;
    const eventOf = (id: number, title: string, startsIn: number, extra: Partial<EventSummary> = {}): EventSummary => {
      const startsAt = new Date(Date.now() + startsIn * DAY).toISOString();
      return {
        id,
        title,
        description: null,
        location: 'Warehouse 44, London',
        date: startsAt.slice(0, 10),
        startTime: `${startsAt.slice(0, 10)}T22:00:00`,
        endTime: null,
        startsAt,
        endsAt: null,
        imageUrl: `/api/media/events/${id}?v=abc`,
        hasCustomImage: false,
        status: 'PUBLISHED',
        cancelled: false,
        totalStandardTickets: 100,
        totalVipTickets: 0,
        remainingStandardTickets: 50,
        remainingVipTickets: 0,
        standardTicketPrice: 18,
        standardPrice: 18,
        vipTicketPrice: 0,
        vipPrice: 0,
        organiserName: null,
        releases: [],
        ...extra,
      } as EventSummary;
    };
    const list = [
      eventOf(2, 'Second Night', 9),
      eventOf(1, 'First Night <b>&', 3),
      eventOf(3, 'Already Over', -1),
      eventOf(4, 'Called Off', 5, { cancelled: true }),
    ];

    it('renders the upcoming cards, soonest first, the first artwork asked for at once', () => {
      const markup = renderFirstRender('/events', list);
      const titles = [...markup.matchAll(/<h2[^>]*id="event-(\d+)-title"[^>]*>([^<]*)<\/h2>/g)].map((m) => m[2]);
      expect(titles).toEqual(['First Night &lt;b&gt;&amp;', 'Second Night']);
      expect(markup).not.toContain('Loading events');
      expect(markup).toMatch(/<img[^>]+loading="eager"[^>]+fetchPriority="high"/);
      expect(markup).toContain('Buy tickets');
    });

    it('shows the loading cards when the list has no upcoming event, or is not in shape', () => {
      expect(renderFirstRender('/events', [list[2]!, list[3]!])).toContain('Loading events');
      // Not in shape (never sent by the server): no card, and the page still renders (its loader).
      const broken = renderFirstRender('/events', [{ nonsense: true }] as unknown as EventSummary[]);
      expect(broken).not.toContain('<article');
      expect(broken).toContain('<footer');
    });

    it('the page, while its list loads, draws the embedded cards as the first view does (nothing moves)', () => {
      const withList = (element: ReactElement) => createElement(EmbeddedEventsContext, { value: list }, element);
      const page = normalise(renderAt('/events', '/events', withList(createElement(EventsPage))));
      const firstView = normalise(renderAt('/events', '/events', withList(createElement(firstViewOf('/events')))));
      expect(page).toBe(firstView);
      expect(page).toContain('Second Night');
      // Once the page has had a list of its own, the embedded one is out of date: no longer shown.
      embeddedEventsReplaced();
      expect(renderAt('/events', '/events', withList(createElement(EventsPage)))).toContain('Loading events');
      forgetEmbeddedEvents();
    });

    it("renders a purchase page's headline from the list, and nothing for an event not in it", () => {
      const markup = renderFirstRender('/purchase/1', list);
      expect(markup).toMatch(/<h1[^>]*>First Night &lt;b&gt;&amp;<\/h1>/);
      expect(markup).toContain('Warehouse 44, London');
      expect(markup).not.toContain('Loading the event');
      // One path per page, whatever spelling is asked for; none for what shows nothing of the list.
      for (const url of ['/purchase/1', '/PURCHASE/01/', '/purchase/%31'])
        expect(pathWithEvents(url, list), url).toBe('/purchase/1');
      expect(pathWithEvents('/Events/', list)).toBe('/events');
      for (const url of [
        '/purchase/99',
        '/purchase/abc',
        '/purchase/1.5',
        '/purchase/%E0%A4%A',
        '/account',
        '/purchase',
      ]) {
        expect(pathWithEvents(url, list), url).toBeNull();
      }
    });

    it('the purchase page, while its event loads, draws the embedded headline as the first view does', () => {
      const withList = (element: ReactElement) => createElement(EmbeddedEventsContext, { value: list }, element);
      const at = (element: ReactElement) => normalise(renderAt('/purchase/2', '/purchase/:eventId', withList(element)));
      const page = at(createElement(PurchasePage));
      expect(page).toBe(at(createElement(firstViewOf('/purchase/:eventId'))));
      expect(page).toContain('Second Night');
    });

    it('reads the list from the page’s data block, and nothing else', () => {
      const docWith = (text: string | null) =>
        ({
          getElementById: (id: string) => (id === 'events-data' && text !== null ? { textContent: text } : null),
        }) as unknown as Document;
      for (const [text, expected] of [
        ['[{"id":1}]', [{ id: 1 }]],
        ['{"id":1}', null],
        ['[{"id":1', null],
        [null, null],
      ] as const) {
        forgetEmbeddedEvents();
        expect(embeddedEvents(docWith(text)), String(text)).toEqual(expected);
      }
      forgetEmbeddedEvents();
    });
  });
});
