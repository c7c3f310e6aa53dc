import type { Role } from '@oms/domain';
import type { Page } from 'playwright-core';
import { ConsoleStack } from './console-stack';

jest.setTimeout(180_000);

/** The console in a real browser: sign-in through the local OIDC server, language, accounts, sign-out, role sections. */
describe('console in Chromium', () => {
  let stack: ConsoleStack;

  beforeAll(async () => {
    stack = await ConsoleStack.start();
  });

  afterAll(async () => {
    await stack?.stop();
  });

  const menuSections = (page: Page) => page.locator('[data-testid="sidebar"] [data-section]').evaluateAll((nodes) => nodes.map((n) => n.getAttribute('data-section')));

  it('signs in with Google, switches language, creates an account, shows a field error, and signs out', async () => {
    await stack.user('system_admin', 'browser.admin@example.com', '管理 花子');
    const context = await stack.browser.newContext({ locale: 'ja-JP' });
    const page = await context.newPage();

    // Not signed in: the console sends us to Login.
    await page.goto(stack.consoleUrl);
    await page.waitForURL('**/login');
    await stack.screenshot(page, '01-login');

    // The Google button goes through the real strategy to the local OIDC server and back.
    await page.click('#sign-in-google');
    await page.waitForURL((url) => url.pathname.startsWith('/interaction/'));
    await page.fill('#email', 'browser.admin@example.com');
    await page.click('#sign-in');
    await page.waitForSelector('[data-testid="dashboard"]');
    expect(new URL(page.url()).pathname).toBe('/dashboard');
    expect(await page.textContent('[data-testid="dashboard"]')).toContain('管理 花子さん、ようこそ。');
    expect(await page.evaluate(() => document.cookie)).toMatch(/oms_token_expiry=\d+/);
    await stack.screenshot(page, '02-dashboard-ja');

    // English, kept across a reload; then back to Japanese.
    await page.click('[data-testid="lang-en"]');
    await page.waitForSelector('text=Welcome, 管理 花子.');
    await page.reload();
    await page.waitForSelector('[data-testid="dashboard"]');
    expect(await page.textContent('[data-testid="sidebar"]')).toContain('Accounts');
    await stack.screenshot(page, '03-dashboard-en');
    await page.click('[data-testid="lang-ja"]');
    await page.waitForSelector('text=アカウント管理');

    // Create an account and find it in the list.
    await page.click('[data-section="accounts"]');
    await page.waitForURL('**/account');
    await page.click('#account-create');
    await page.waitForURL('**/account/create');
    await page.fill('#account-name', '新規 一郎');
    await page.fill('#account-email', 'ichiro.shinki@example.com');
    await page.click('#account-save');
    await page.waitForURL((url) => url.pathname === '/account');
    await page.waitForSelector('text=ichiro.shinki@example.com');
    await page.waitForSelector('text=アカウントを作成しました。');
    await stack.screenshot(page, '04-account-list');

    // The server's 422 lands under its field: a name too short, an e-mail already registered.
    await page.click('#account-create');
    await page.fill('#account-name', '短');
    await page.fill('#account-email', 'ichiro.shinki@example.com');
    await page.click('#account-save');
    const nameItem = page.locator('.ant-form-item').filter({ has: page.locator('#account-name') });
    const emailItem = page.locator('.ant-form-item').filter({ has: page.locator('#account-email') });
    await nameItem.locator('.ant-form-item-explain-error').waitFor();
    expect(await nameItem.locator('.ant-form-item-explain-error').textContent()).toBe('2文字以上で入力してください。');
    await stack.screenshot(page, '05-field-error-name');
    // With the name fixed, the server's uniqueness check answers for the e-mail.
    await page.fill('#account-name', '重複 二郎');
    await page.click('#account-save');
    await emailItem.locator('.ant-form-item-explain-error').waitFor();
    expect(await emailItem.locator('.ant-form-item-explain-error').textContent()).toBe('既に使用されています。');
    expect(await nameItem.locator('.ant-form-item-explain-error').count()).toBe(0);
    expect(new URL(page.url()).pathname).toBe('/account/create');
    await stack.screenshot(page, '05-field-error-email');

    // Sign out: back to Login, and the stored session is gone.
    await page.click('[data-testid="profile-menu"]');
    await page.click('[data-testid="logout"]');
    await page.waitForURL('**/login');
    expect(await page.evaluate(() => localStorage.getItem('oms.accessToken'))).toBeNull();
    await page.goto(`${stack.consoleUrl}/dashboard`);
    await page.waitForURL('**/login');
    await context.close();
  });

  it('lands on the page a link asked for after signing in, not on the Dashboard', async () => {
    await stack.user('operator', 'browser.link@example.com', 'リンク 太郎');
    const context = await stack.browser.newContext({ locale: 'ja-JP' });
    const page = await context.newPage();
    const asked = `/orders?keyword=${encodeURIComponent('山田')}`;
    await page.goto(`${stack.consoleUrl}${asked}`);
    await page.waitForURL('**/login');
    await page.click('#sign-in-google');
    await page.waitForURL((url) => url.pathname.startsWith('/interaction/'));
    await page.fill('#email', 'browser.link@example.com');
    await page.click('#sign-in');
    await page.waitForURL((url) => url.pathname === '/orders');
    expect(new URL(page.url()).searchParams.get('keyword')).toBe('山田');
    expect(await page.inputValue('#filter-keyword')).toBe('山田');
    await context.close();
  });

  it('returns to Login with the server message for an unregistered e-mail', async () => {
    const context = await stack.browser.newContext({ locale: 'ja-JP' });
    const page = await context.newPage();
    await page.goto(`${stack.consoleUrl}/login`);
    await page.click('#sign-in-microsoft');
    await page.waitForURL((url) => url.pathname.startsWith('/interaction/'));
    await page.fill('#email', 'nobody.here@example.com');
    await page.click('#sign-in');
    await page.waitForSelector('[data-testid="login-error"]');
    expect(await page.textContent('[data-testid="login-error"]')).toContain('このメールアドレスは登録されていません。');
    await stack.screenshot(page, '06-login-unregistered');
    await context.close();
  });

  // Sections of the side menu per role (DESIGN.md §8): all nine sections exist now (revenue with its
  // deposits, customer and maker inquiries), and a URL each role may not open.
  const expected: Record<Role, { sections: string[]; forbidden: string }> = {
    system_admin: { sections: ['orders', 'products', 'customers', 'makers', 'revenue', 'accounts', 'customerInquiries', 'makerInquiries', 'settings'], forbidden: '' },
    approver: { sections: ['orders', 'products', 'customers', 'makers', 'revenue', 'accounts', 'customerInquiries', 'makerInquiries', 'settings'], forbidden: '' },
    estimate_approver: { sections: ['orders', 'products', 'customers', 'makers', 'revenue', 'customerInquiries', 'makerInquiries', 'settings'], forbidden: '/account' },
    operator: { sections: ['orders', 'products', 'customers', 'makers', 'revenue', 'customerInquiries', 'makerInquiries', 'settings'], forbidden: '/account' },
    call_center: { sections: ['orders', 'products', 'customers', 'makers', 'customerInquiries', 'settings'], forbidden: '/account' },
    accountant: { sections: ['orders', 'products', 'customers', 'makers', 'revenue', 'customerInquiries', 'settings'], forbidden: '/account/create' },
    maker: { sections: ['orders', 'products', 'makers', 'makerInquiries'], forbidden: '/customers' },
  };

  it.each(Object.entries(expected) as [Role, { sections: string[]; forbidden: string }][])(
    'shows %s only its sections, and the forbidden screen elsewhere',
    async (role, { sections, forbidden }) => {
      const user = await stack.user(role, `sections.${role}@example.com`);
      const context = await stack.signedInContext(user);
      const page = await context.newPage();
      await page.goto(`${stack.consoleUrl}/dashboard`);
      await page.waitForSelector('[data-testid="dashboard"]');
      expect(await menuSections(page)).toEqual(sections);
      if (forbidden) {
        await page.goto(`${stack.consoleUrl}${forbidden}`);
        await page.waitForSelector('[data-testid="forbidden"]');
        await stack.screenshot(page, `07-forbidden-${role}`);
      }
      await page.goto(`${stack.consoleUrl}/no-such-screen`);
      await page.waitForSelector('[data-testid="not-found"]');
      await context.close();
    },
  );
});
