import type { AnswerOf, BodyOf, QueryOf, Wire } from '../../../api/wire';

/** An estimate as the API answers it (POST/PUT /customers/estimates…). */
export type Estimate = Wire<'EstimateView'>;
/** GET /customers/estimates/{id}: the estimate with its revisions and steps. */
export type EstimateDetail = Wire<'EstimateDetailView'>;
export type EstimateHistoryItem = Wire<'EstimateHistoryItemView'>;
export type EstimateRevision = Wire<'EstimateRevisionView'>;
export type EstimateStep = Wire<'EstimateStepView'>;
export type EstimateLine = Wire<'EstimateDetail'>;
export type EstimateTaxRow = Wire<'EstimateTaxRow'>;
export type EstimatePayment = AnswerOf<'/customers/estimates/payments', 'get'>[number];

/** The estimate a mailed link's page shows: the quotation without what only staff see. */
export type LinkEstimate = Wire<'LinkEstimateView'>;

/** What the estimate form sends: POST /customers/estimates, or PUT /customers/estimates/{id} with the version read. */
export type EstimateCreateInput = BodyOf<'/customers/estimates', 'post'>;
export type EstimateUpdateInput = BodyOf<'/customers/estimates/{id}', 'put'>;
/** The form's own values: the create body without the customer (it comes from the URL). */
export type EstimateFormValues = Omit<EstimateCreateInput, 'customerId'>;

export type RequestApproveInput = BodyOf<'/customers/estimates/{id}/request-approve', 'put'>;
export type EstimateAnswerInput = BodyOf<'/customers/estimates/approve', 'put'>;
export type EstimateAnswer = EstimateAnswerInput['action'];
export type EstimateAction = Estimate['actions'][number];
export type EstimateStatus = Estimate['status'];
export type FeeId = NonNullable<Estimate['fee1Id']>;

/** What an approval link opens (GET /customers/estimates/check). */
export type ApprovalLink = AnswerOf<'/customers/estimates/check', 'get'>;

export type EstimateHistoryParams = Pick<QueryOf<'/customers/{customerId}/estimates/history', 'get'>, 'perPage'> & { page: number };

export const ESTIMATES_PATH = '/customers/estimates';
export const estimatePath = (id: string | number) => `${ESTIMATES_PATH}/${id}`;
export const estimateHistoryPath = (customerId: string | number) => `/customers/${customerId}/estimates/history`;

/** The console's screens of an estimate. */
export const estimateScreen = (id: string | number) => `/customers/estimates/${id}`;
export const estimateHistoryScreen = (customerId: string | number) => `/customers/${customerId}/estimates`;
export const newEstimateScreen = (customerId: string | number) => `/customers/${customerId}/estimates/new`;

/** An approval link's refusals that end the public page: answered by someone else, expired, not a link. */
export const LINK_PROBLEMS = ['NAL-CTM-104', 'NAL-CTM-105', 'NAL-CTM-106'] as const;
export const isLinkProblem = (code: string | undefined) => (LINK_PROBLEMS as readonly (string | undefined)[]).includes(code);
