import { LeftOutlined, RightOutlined } from '@ant-design/icons';
import { Button, Select, Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { KeysetPagination } from '../api/wire';
import { PAGE_SIZES } from './list-params';

/** Where to go: a numbered page, the page after or before a cursor's row, or the last page (docs/orders-api.md "Paging"). */
export type PageMove = { page: number } | { after: string } | { before: string } | { last: 1 };

/** The first pages keep their numbers (read with OFFSET, cheap); beyond them the pager moves by cursor. */
export const NUMBERED_PAGES = 5;

type Item = { page: number; move: PageMove | null } | 'gap';

/**
 * The buttons between ‹ and ›: the first pages by number; deeper, the current page and its
 * neighbours by cursor; the last page by `last` (read from the end, as fast as the first).
 */
export function pagerItems(p: Pick<KeysetPagination, 'currentPage' | 'lastPage' | 'nextCursor' | 'prevCursor'>): Item[] {
  const moves = new Map<number, PageMove | null>();
  for (let page = 1; page <= Math.min(NUMBERED_PAGES, p.lastPage); page++) moves.set(page, { page });
  if (p.prevCursor && p.currentPage - 1 > NUMBERED_PAGES) moves.set(p.currentPage - 1, { before: p.prevCursor });
  if (p.nextCursor && p.currentPage + 1 > NUMBERED_PAGES) moves.set(p.currentPage + 1, { after: p.nextCursor });
  if (p.lastPage > NUMBERED_PAGES) moves.set(p.lastPage, { last: 1 });
  moves.set(p.currentPage, null);
  const pages = [...moves.keys()].sort((a, b) => a - b);
  return pages.flatMap((page, i): Item[] => [...(i > 0 && page - pages[i - 1] > 1 ? ['gap' as const] : []), { page, move: moves.get(page)! }]);
}

/**
 * The pager of a list that pages by cursor (the order list): ‹ and › follow `prevCursor` and
 * `nextCursor`, the last page is a jump by `last=1`, and the first pages keep their numbers. A page
 * number of an estimated total is shown as approximate.
 */
export function CursorPagination({
  pagination,
  estimate = false,
  onMove,
  onPerPage,
  showTotal,
}: {
  pagination: KeysetPagination | undefined;
  estimate?: boolean;
  onMove: (move: PageMove) => void;
  onPerPage: (perPage: number) => void;
  showTotal: (total: number, range: [number, number]) => string;
}) {
  const { t } = useTranslation();
  if (!pagination || pagination.total === 0) return null;
  const { currentPage, lastPage, perPage, prevCursor, nextCursor } = pagination;
  return (
    <Space wrap style={{ display: 'flex', justifyContent: 'flex-end', marginTop: 16 }} data-testid="cursor-pagination">
      <Typography.Text type="secondary" data-testid="page-range">
        {showTotal(pagination.total, [pagination.from ?? 0, pagination.to ?? 0])}
      </Typography.Text>
      <Button size="small" id="page-prev" aria-label={t('common.previousPage')} icon={<LeftOutlined />} disabled={!prevCursor} onClick={() => prevCursor && onMove({ before: prevCursor })} />
      {pagerItems(pagination).map((item, i) =>
        item === 'gap' ? (
          <span key={`gap-${i}`}>…</span>
        ) : (
          <Button
            key={item.page}
            size="small"
            id={item.page === lastPage && lastPage > NUMBERED_PAGES ? 'page-last' : `page-${item.page}`}
            type={item.page === currentPage ? 'primary' : 'default'}
            aria-current={item.page === currentPage ? 'page' : undefined}
            aria-label={item.page === lastPage && lastPage > NUMBERED_PAGES ? t('common.lastPage') : undefined}
            onClick={() => item.move && onMove(item.move)}
          >
            {estimate && item.page === lastPage ? '~' : ''}
            {item.page.toLocaleString()}
          </Button>
        ),
      )}
      <Button size="small" id="page-next" aria-label={t('common.nextPage')} icon={<RightOutlined />} disabled={!nextCursor} onClick={() => nextCursor && onMove({ after: nextCursor })} />
      <Select
        size="small"
        id="page-size"
        value={perPage}
        onChange={onPerPage}
        options={PAGE_SIZES.map((size) => ({ value: size, label: t('common.perPage', { count: size }) }))}
        style={{ width: 120 }}
      />
    </Space>
  );
}
