import { Id, OneOfNumbers, Optional } from '../validation/rules';
import { DEFAULT_PER_PAGE, PER_PAGE_OPTIONS } from '@oms/domain';

/** `page` and `per_page` of every list (DESIGN.md §4). */
export class PageQuery {
  @Optional()
  @Id()
  page: number = 1;

  @Optional()
  @OneOfNumbers(PER_PAGE_OPTIONS)
  perPage: number = DEFAULT_PER_PAGE;
}
