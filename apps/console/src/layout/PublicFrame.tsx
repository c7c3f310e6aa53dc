import { Card, Grid } from 'antd';
import { useEffect, type ReactNode } from 'react';
import { LanguageSwitch } from './LanguageSwitch';

/**
 * A page opened without signing in (a maker's or a customer's link, the customers' forms): no menu, its
 * title and the language switch (Japanese unless chosen) on a card, narrower margins on a phone. The
 * title is the browser tab's too (in the page's language), not the internal system's name.
 */
export function PublicFrame({ title, maxWidth = 960, children }: { title: string; maxWidth?: number; children: ReactNode }) {
  const narrow = !Grid.useBreakpoint().sm;
  useEffect(() => {
    const before = document.title;
    document.title = title;
    return () => {
      document.title = before;
    };
  }, [title]);
  return (
    <div style={{ minHeight: '100vh', background: '#f5f5f5', padding: narrow ? '12px 8px' : '24px 12px' }}>
      <Card
        style={{ maxWidth, margin: '0 auto' }}
        styles={{ title: { whiteSpace: 'normal' }, body: narrow ? { padding: 16 } : undefined }}
        title={title}
        extra={<LanguageSwitch />}
      >
        {children}
      </Card>
    </div>
  );
}
