import { BankFileIssue, DEPOSIT_FILE_LIMITS } from '@oms/domain';

/**
 * The problems of one file as its readers find them: every one, up to `max`, then one issue saying
 * the list was cut (NAL-DEP-003), after which the readers may stop (`full`).
 */
export class BankFileIssues {
  readonly list: BankFileIssue[] = [];
  private cut = false;

  constructor(private readonly max: number = DEPOSIT_FILE_LIMITS.issuesMax) {}

  /** Nothing more is listed: the readers can stop reading. */
  get full(): boolean {
    return this.cut;
  }

  add(issue: BankFileIssue): void {
    if (this.cut) return;
    if (this.list.length >= this.max) {
      this.list.push({ line: 0, field: 'file', errorCode: 'NAL-DEP-003', params: { max: this.max } });
      this.cut = true;
      return;
    }
    this.list.push(issue);
  }
}
