import { createHash, randomBytes } from 'node:crypto';
import { APPROVAL_TOKEN_BYTES, ApprovalStep, EstimateAction, EstimateStatus, FeeKind } from '@oms/domain';
import { EntityManager } from 'typeorm';
import type { EstimateDocumentContent } from '../documents/estimate-document';

/** One line of an estimate as stored (jsonb) and answered. */
export interface EstimateDetail {
  ecProductCode: string | null;
  productName: string;
  taxPercentage: number;
  optionDetail: string | null;
  priceWithTax: number;
  amount: number;
  unit: string | null;
}

/** What staff write: the header, lines, fees and notes of the current revision. */
export interface EstimateContent {
  personInCharge: string | null;
  deliveryLocation: string | null;
  faxNumber: string | null;
  zip: string | null;
  estimatePaymentId: number | null;
  details: EstimateDetail[];
  fee1Id: FeeKind | null;
  fee1Value: number | null;
  fee2Id: FeeKind | null;
  fee2Value: number | null;
  estimateNotes: string[];
  note: string | null;
}

export interface EstimateRecord extends EstimateContent {
  id: string;
  customerId: string;
  estimateNo: string;
  revision: number;
  total: number;
  status: EstimateStatus;
  approveRequired: boolean;
  stampRequired: boolean;
  approvedDate: Date | null;
  approvedBy: string | null;
  sealApprovedDate: Date | null;
  sealedBy: string | null;
  adminNote: string | null;
  /** The request round waiting for an answer (the history row that asked); null when none waits. */
  currentRequestId: string | null;
  specialFlow: number;
  originalFileName: string | null;
  s3Path: string | null;
  issuedAt: Date;
  createdBy: string | null;
  createdAt: Date;
  updatedAt: Date;
  version: number;
}

/** Who the PDF names, as it named them when the revision was replaced (a customer may move, the company too). */
export type EstimatePrintedParties = Pick<EstimateDocumentContent, 'issuer' | 'customer' | 'paymentMethod'> & {
  /** The company seal the revision printed (its stored image), when one was configured. */
  sealImageKey?: string | null;
};

/** A frozen earlier revision: the record as it stood when the next one replaced it. */
export interface EstimateRevisionRecord {
  revision: number;
  snapshot: EstimateRecord & { printed?: EstimatePrintedParties };
  issuedAt: Date;
  supersededAt: Date;
}

export interface EstimateHistoryRecord {
  id: string;
  revision: number;
  action: EstimateAction | 'create' | 'edit' | 'revise' | 'upload' | 'delete_file';
  fromStatus: EstimateStatus | null;
  toStatus: EstimateStatus;
  comment: string | null;
  actorId: string | null;
  actorName: string | null;
  viaLink: boolean;
  createdAt: Date;
}

export interface ApprovalLinkRecord {
  id: string;
  estimateId: string;
  revision: number;
  step: ApprovalStep;
  requestId: string;
  recipientId: string;
  expiresAt: Date;
  usedAt: Date | null;
  voidedAt: Date | null;
}

const COLUMNS = `id::text AS id, customer_id::text AS "customerId", estimate_no AS "estimateNo", revision, person_in_charge AS "personInCharge",
  delivery_location AS "deliveryLocation", fax_number AS "faxNumber", zip, estimate_payment_id AS "estimatePaymentId", details,
  fee1_id AS "fee1Id", fee1_value AS "fee1Value", fee2_id AS "fee2Id", fee2_value AS "fee2Value", estimate_notes AS "estimateNotes", note, total,
  status, approve_required AS "approveRequired", stamp_required AS "stampRequired", approved_date AS "approvedDate", approved_by::text AS "approvedBy",
  seal_approved_date AS "sealApprovedDate", sealed_by::text AS "sealedBy", admin_note AS "adminNote", current_request_id::text AS "currentRequestId", special_flow AS "specialFlow",
  original_file_name AS "originalFileName", s3_path AS "s3Path", issued_at AS "issuedAt", created_by::text AS "createdBy", created_at AS "createdAt",
  updated_at AS "updatedAt", version`;

/** Only a hash of an approval token is stored: a copy of the database approves nothing. */
export const hashApprovalToken = (token: string): Buffer => createHash('sha256').update(token, 'utf8').digest();

/**
 * Estimates in SQL, in the caller's transaction; writes are compare-and-set on `version`. An update is
 * counted through a CTE: TypeORM answers a bare UPDATE … RETURNING as [rows, count], a SELECT as rows.
 */
export class EstimateRepository {
  async find(m: EntityManager, id: string, forUpdate = false): Promise<EstimateRecord | null> {
    const [row] = await m.query(`SELECT ${COLUMNS} FROM estimates WHERE id = $1 ${forUpdate ? 'FOR UPDATE' : ''}`, [id]);
    return row ?? null;
  }

  /** A number for an estimate not given one: E-<Japan date>-<sequence>, unique by the sequence. */
  async nextEstimateNo(m: EntityManager, japanDate: string): Promise<string> {
    const [{ n }] = await m.query(`SELECT nextval('estimate_no_seq')::text AS n`);
    return `E-${japanDate.replace(/-/g, '')}-${n.padStart(4, '0')}`;
  }

  async insert(m: EntityManager, values: EstimateContent & { customerId: string; estimateNo: string; total: number; actorId: string }): Promise<string> {
    const [{ id }] = await m.query(
      `INSERT INTO estimates (customer_id, estimate_no, person_in_charge, delivery_location, fax_number, zip, estimate_payment_id, details,
         fee1_id, fee1_value, fee2_id, fee2_value, estimate_notes, note, total, created_by, updated_by)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $16) RETURNING id::text AS id`,
      [values.customerId, values.estimateNo, ...contentParams(values), values.total, values.actorId],
    );
    return id;
  }

  /**
   * The current revision's content, in place (`revise`: as the next revision, approval and stamp
   * reset, status back to unprocessed). False when the version is not current.
   */
  async updateContent(
    m: EntityManager,
    id: string,
    version: number,
    values: EstimateContent & { estimateNo: string; total: number; actorId: string; revise: boolean; status: EstimateStatus },
  ): Promise<boolean> {
    const rows = await m.query(
      `WITH changed AS (UPDATE estimates SET estimate_no = $3, person_in_charge = $4, delivery_location = $5, fax_number = $6, zip = $7, estimate_payment_id = $8,
         details = $9, fee1_id = $10, fee1_value = $11, fee2_id = $12, fee2_value = $13, estimate_notes = $14, note = $15, total = $16,
         updated_by = $17, status = $18, issued_at = now(), current_request_id = NULL,
         revision = revision + CASE WHEN $19 THEN 1 ELSE 0 END,
         approved_date = CASE WHEN $19 THEN NULL ELSE approved_date END, approved_by = CASE WHEN $19 THEN NULL ELSE approved_by END,
         seal_approved_date = CASE WHEN $19 THEN NULL ELSE seal_approved_date END, sealed_by = CASE WHEN $19 THEN NULL ELSE sealed_by END,
         approve_required = CASE WHEN $19 THEN false ELSE approve_required END, stamp_required = CASE WHEN $19 THEN false ELSE stamp_required END,
         updated_at = now(), version = version + 1
       WHERE id = $1 AND version = $2 RETURNING id) SELECT count(*)::int AS n FROM changed`,
      [id, version, values.estimateNo, ...contentParams(values), values.total, values.actorId, values.status, values.revise],
    );
    return rows[0].n === 1;
  }

  /** A workflow step: the status and what the step sets. False when the version is not current. */
  async updateWorkflow(
    m: EntityManager,
    id: string,
    version: number,
    change: {
      status: EstimateStatus;
      actorId: string;
      flags?: { approve: boolean; stamp: boolean };
      approved?: boolean;
      /** A rejection, an edit request or a new request takes back an earlier approval: what is approved must be asked again. */
      resetApproval?: boolean;
      sealed?: boolean;
      adminNote?: string | null;
    },
  ): Promise<boolean> {
    const rows = await m.query(
      `WITH changed AS (UPDATE estimates SET status = $3, updated_by = $4,
         approve_required = COALESCE($5, approve_required), stamp_required = COALESCE($6, stamp_required),
         approved_date = CASE WHEN $7 THEN now() WHEN $11 THEN NULL ELSE approved_date END,
         approved_by = CASE WHEN $7 THEN $4::bigint WHEN $11 THEN NULL ELSE approved_by END,
         seal_approved_date = CASE WHEN $8 THEN now() ELSE seal_approved_date END, sealed_by = CASE WHEN $8 THEN $4::bigint ELSE sealed_by END,
         admin_note = CASE WHEN $9 THEN $10 ELSE admin_note END,
         updated_at = now(), version = version + 1
       WHERE id = $1 AND version = $2 RETURNING id) SELECT count(*)::int AS n FROM changed`,
      [
        id,
        version,
        change.status,
        change.actorId,
        change.flags?.approve ?? null,
        change.flags?.stamp ?? null,
        change.approved ?? false,
        change.sealed ?? false,
        change.adminNote !== undefined,
        change.adminNote ?? null,
        change.resetApproval ?? false,
      ],
    );
    return rows[0].n === 1;
  }

  /** The round now waiting for an answer (null: none); part of the command that changed the status, so no version of its own. */
  async setCurrentRequest(m: EntityManager, id: string, requestId: string | null): Promise<void> {
    await m.query(`UPDATE estimates SET current_request_id = $2 WHERE id = $1`, [id, requestId]);
  }

  /** For the mailer: the round the estimate waits on now. */
  async currentRound(m: EntityManager, id: string): Promise<{ revision: number; status: EstimateStatus; currentRequestId: string | null } | null> {
    const [row] = await m.query(`SELECT revision, status, current_request_id::text AS "currentRequestId" FROM estimates WHERE id = $1`, [id]);
    return row ?? null;
  }

  /** Attaches (or, with nulls, detaches) the uploaded file; special_flow follows. */
  async setFile(m: EntityManager, id: string, version: number, file: { originalFileName: string; s3Path: string } | null, actorId: string): Promise<boolean> {
    const rows = await m.query(
      `WITH changed AS (UPDATE estimates SET original_file_name = $3, s3_path = $4::varchar, special_flow = CASE WHEN $4::varchar IS NULL THEN 0 ELSE 1 END,
         updated_by = $5, updated_at = now(), version = version + 1
       WHERE id = $1 AND version = $2 RETURNING id) SELECT count(*)::int AS n FROM changed`,
      [id, version, file?.originalFileName ?? null, file?.s3Path ?? null, actorId],
    );
    return rows[0].n === 1;
  }

  async freezeRevision(m: EntityManager, record: EstimateRecord, printed: EstimatePrintedParties): Promise<void> {
    await m.query(`INSERT INTO estimate_revisions (estimate_id, revision, snapshot, issued_at) VALUES ($1, $2, $3, $4) ON CONFLICT DO NOTHING`, [
      record.id,
      record.revision,
      JSON.stringify({ ...record, printed }),
      record.issuedAt,
    ]);
  }

  async revisions(m: EntityManager, estimateIds: readonly string[]): Promise<Map<string, EstimateRevisionRecord[]>> {
    const byEstimate = new Map<string, EstimateRevisionRecord[]>();
    if (estimateIds.length === 0) return byEstimate;
    const rows: (EstimateRevisionRecord & { estimateId: string })[] = await m.query(
      `SELECT estimate_id::text AS "estimateId", revision, snapshot, issued_at AS "issuedAt", superseded_at AS "supersededAt"
         FROM estimate_revisions WHERE estimate_id = ANY($1::bigint[]) ORDER BY estimate_id, revision`,
      [estimateIds],
    );
    for (const { estimateId, ...row } of rows) byEstimate.set(estimateId, [...(byEstimate.get(estimateId) ?? []), revive(row)]);
    return byEstimate;
  }

  async revision(m: EntityManager, estimateId: string, revision: number): Promise<EstimateRevisionRecord | null> {
    return (await this.revisions(m, [estimateId])).get(estimateId)?.find((r) => r.revision === revision) ?? null;
  }

  /** A step of the workflow, with who and why; answers its id (a request's links point at it). */
  async appendHistory(
    m: EntityManager,
    entry: { estimateId: string; revision: number; action: EstimateHistoryRecord['action']; fromStatus: EstimateStatus | null; toStatus: EstimateStatus; comment?: string | null; actorId: string | null; viaLink?: boolean },
  ): Promise<string> {
    const [{ id }] = await m.query(
      `INSERT INTO estimate_history (estimate_id, revision, action, from_status, to_status, comment, actor_id, via_link)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8) RETURNING id::text AS id`,
      [entry.estimateId, entry.revision, entry.action, entry.fromStatus, entry.toStatus, entry.comment ?? null, entry.actorId, entry.viaLink ?? false],
    );
    return id;
  }

  async history(m: EntityManager, estimateId: string): Promise<EstimateHistoryRecord[]> {
    return m.query(
      `SELECT h.id::text AS id, h.revision, h.action, h.from_status AS "fromStatus", h.to_status AS "toStatus", h.comment, h.actor_id::text AS "actorId",
         u.name AS "actorName", h.via_link AS "viaLink", h.created_at AS "createdAt"
         FROM estimate_history h LEFT JOIN users u ON u.id = h.actor_id WHERE h.estimate_id = $1 ORDER BY h.id`,
      [estimateId],
    );
  }

  /** A customer's estimates, newest first (one customer's quotations: a short list, paged by number). */
  async listByCustomer(m: EntityManager, customerId: string, limit: number, offset: number): Promise<EstimateRecord[]> {
    return m.query(`SELECT ${COLUMNS} FROM estimates WHERE customer_id = $1 ORDER BY id DESC LIMIT $2 OFFSET $3`, [customerId, limit, offset]);
  }

  async countByCustomer(m: EntityManager, customerId: string): Promise<number> {
    const [{ n }] = await m.query(`SELECT count(*)::int AS n FROM estimates WHERE customer_id = $1`, [customerId]);
    return n;
  }

  // ---- Approval links ----

  /** Makes a recipient's link of a request round; answers its token (the only time it exists in clear). */
  async issueLink(m: EntityManager, link: { estimateId: string; revision: number; step: ApprovalStep; requestId: string; recipientId: string; expiresAt: Date }): Promise<string> {
    const token = randomBytes(APPROVAL_TOKEN_BYTES).toString('base64url');
    await m.query(
      `INSERT INTO estimate_approval_links (token_hash, estimate_id, revision, step, request_id, recipient_id, expires_at) VALUES ($1, $2, $3, $4, $5, $6, $7)`,
      [hashApprovalToken(token), link.estimateId, link.revision, link.step, link.requestId, link.recipientId, link.expiresAt],
    );
    return token;
  }

  /** The link a token opens; `forUpdate` locks it, so two answers through one link cannot both pass. */
  async findLink(m: EntityManager, token: string, forUpdate = false): Promise<ApprovalLinkRecord | null> {
    // A token is base64url of 32 bytes: anything else is no link, without a query.
    if (!/^[A-Za-z0-9_-]{43}$/.test(token)) return null;
    const [row] = await m.query(
      `SELECT id::text AS id, estimate_id::text AS "estimateId", revision, step, request_id::text AS "requestId", recipient_id::text AS "recipientId",
         expires_at AS "expiresAt", used_at AS "usedAt", voided_at AS "voidedAt"
         FROM estimate_approval_links WHERE token_hash = $1 ${forUpdate ? 'FOR UPDATE' : ''}`,
      [hashApprovalToken(token)],
    );
    return row ?? null;
  }

  /** The first answer wins: the link answered through is used, every other open link of the estimate voided. */
  async closeLinks(m: EntityManager, estimateId: string, usedLinkId: string | null): Promise<void> {
    await m.query(
      `UPDATE estimate_approval_links SET used_at = CASE WHEN id = $2::bigint THEN now() ELSE used_at END,
         voided_at = CASE WHEN id = $2::bigint THEN voided_at ELSE now() END
       WHERE estimate_id = $1 AND used_at IS NULL AND voided_at IS NULL`,
      [estimateId, usedLinkId],
    );
  }

  /** The active accounts whose role holds a permission: who is mailed a step's link. */
  async recipients(m: EntityManager, roles: readonly string[]): Promise<{ id: string; email: string; name: string }[]> {
    return m.query(
      `SELECT id::text AS id, email, name FROM users WHERE role = ANY($1::text[]) AND deleted_at IS NULL AND status = 'valid' ORDER BY id`,
      [roles],
    );
  }
}

function contentParams(c: EstimateContent): unknown[] {
  return [
    c.personInCharge,
    c.deliveryLocation,
    c.faxNumber,
    c.zip,
    c.estimatePaymentId,
    JSON.stringify(c.details),
    c.fee1Id,
    c.fee1Value,
    c.fee2Id,
    c.fee2Value,
    JSON.stringify(c.estimateNotes),
    c.note,
  ];
}

/** A snapshot went through JSON: its dates come back as text. */
function revive(row: EstimateRevisionRecord): EstimateRevisionRecord {
  const s = row.snapshot as unknown as Record<string, unknown>;
  const date = (v: unknown) => (v ? new Date(v as string) : null);
  const snapshot = {
    ...row.snapshot,
    approvedDate: date(s.approvedDate),
    sealApprovedDate: date(s.sealApprovedDate),
    issuedAt: date(s.issuedAt)!,
    createdAt: date(s.createdAt)!,
    updatedAt: date(s.updatedAt)!,
  };
  return { ...row, snapshot };
}
