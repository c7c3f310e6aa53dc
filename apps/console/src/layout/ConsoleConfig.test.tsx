import { render } from '@testing-library/react';
import { Button } from 'antd';
import { I18nextProvider } from 'react-i18next';
import i18n, { setLanguage } from '../i18n';
import { ConsoleConfig } from './ConsoleConfig';

describe('antd as the console configures it', () => {
  it('writes a two-kanji button as written (返品), where antd alone would space it (返 品)', () => {
    setLanguage('ja');
    const { container } = render(
      <I18nextProvider i18n={i18n}>
        <Button id="plain">返品</Button>
        <ConsoleConfig>
          <Button id="configured">返品</Button>
        </ConsoleConfig>
      </I18nextProvider>,
    );
    expect(container.querySelector('#plain')!.textContent).toBe('返 品');
    expect(container.querySelector('#configured')!.textContent).toBe('返品');
  });
});
