import { Tooltip } from 'antd';

/** How many characters of a long free text a list shows before cutting it short. */
export const CLIPPED_LENGTH = 30;

/**
 * A long free text (a memo) in a list cell: its first `max` characters on one line with an
 * ellipsis, the whole text (line breaks kept) in a tooltip on hover. Characters are counted as the
 * API counts them (code points), so a cut never splits one. Blank shows a dash.
 */
export function ClippedText({ text, max = CLIPPED_LENGTH, testId }: { text: string | null | undefined; max?: number; testId?: string }) {
  if (!text) return <span data-testid={testId}>—</span>;
  const oneLine = text.replace(/\s+/g, ' ').trim();
  const chars = [...oneLine];
  if (chars.length <= max && oneLine === text) return <span data-testid={testId}>{text}</span>;
  const shown = chars.length <= max ? oneLine : `${chars.slice(0, max).join('')}…`;
  return (
    <Tooltip title={<span style={{ whiteSpace: 'pre-wrap' }}>{text}</span>}>
      <span data-testid={testId}>{shown}</span>
    </Tooltip>
  );
}
