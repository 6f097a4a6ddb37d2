import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { i18n } from '../../../lib/i18n.ts';
import { renderAt } from '../../../test/render.tsx';
import { SCROLL_NOTICE_PASSES, SCROLL_NOTICE_SECONDS, ScrollingNotice } from './ScrollingNotice.tsx';

const message = (msgLevel: '01' | '02' | '03') => ({
  id: '0b7f5e5c-6f0e-4a43-9d55-1d0b8b3d2a10',
  title: '提示',
  titleEn: 'Notice',
  content: '直付理赔须在出院后 30 日内提交。',
  enContent: 'Direct-billing claims must be submitted within 30 days.',
  msgLevel,
});

describe('<ScrollingNotice>', () => {
  it('scrolls content in 15 s passes, twice, then rests', async () => {
    expect([SCROLL_NOTICE_SECONDS, SCROLL_NOTICE_PASSES]).toEqual([15, 2]);
    renderAt(<ScrollingNotice message={message('01')} />);
    const text = await screen.findByText('直付理赔须在出院后 30 日内提交。');
    expect(text.className).toContain('portal-notice-running');
    expect(text.style.animationDuration).toBe('15s');
    expect(text.style.animationIterationCount).toBe('2');
    // jsdom has no AnimationEvent, so React may listen to the prefixed name.
    fireEvent.animationEnd(text);
    fireEvent(text, new Event('webkitAnimationEnd', { bubbles: true }));
    expect(screen.getByText('直付理赔须在出院后 30 日内提交。').className).not.toContain(
      'portal-notice-running',
    );
    expect(screen.getByRole('link').getAttribute('href')).toBe(
      '/resources/msg/edit?id=0b7f5e5c-6f0e-4a43-9d55-1d0b8b3d2a10&type=view',
    );
    expect(screen.getByRole('link').className).not.toContain('important');
  });

  it('uses the important style for level 03 and enContent in English', async () => {
    await i18n.changeLanguage('en');
    renderAt(<ScrollingNotice message={message('03')} />);
    const link = await screen.findByRole('link', { name: /^Important: Direct-billing claims/ });
    expect(link.className).toContain('portal-notice-important');
    expect(screen.getByText('Important')).toBeTruthy();
  });
});
