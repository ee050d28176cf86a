/**
 * The services demo's applications (issue 27): believable customers of a Pune tax and documents
 * firm, one or more in every stage an application can be in, with answers to each service's own
 * form, a few thread messages and an open document request. Times are days before the seed.
 * Each one past its payment has its fee order (seed/applications.ts): paid online, or one due in
 * cash; the rejected one's fee is paid and still to be refunded (the owner's Refund fee).
 */
export interface DemoApplication {
  service: string;
  name: string;
  email: string | null;
  phone: string | null;
  /** The demo customer's own (My Applications on the storefront). */
  demoCustomer?: boolean;
  /** Days before the seed it was sent. */
  createdDaysAgo: number;
  /** Days before the seed it reached its stage: long ago for an overdue one. */
  stageDaysAgo: number;
  /** Its stage; `rejected` and `cancelled` from `reached`. */
  stage: string;
  reached?: string;
  /** The rejection's reason or the cancellation's note. */
  endNote?: string;
  /** The owner's quote of a service on quote (rupees), with its note. */
  quote?: { fee: number; note: string };
  fields: Record<string, string>;
  /** File fields answered, by key: the uploaded file's name. */
  files: Record<string, string>;
  messages?: { author: 'applicant' | 'staff'; body: string }[];
  /** An open document request. */
  request?: string;
  /** The applicant asked to cancel (once work had started), with their reason, days before the seed. */
  cancelRequest?: { reason: string; daysAgo: number };
  /**
   * How the fee of one past its payment was paid: online through the sandbox (the default), or
   * chosen to be paid in cash at the office and not received yet (the panel offers Mark fee paid).
   */
  fee?: 'online' | 'cash';
}

export const demoApplications: DemoApplication[] = [
  {
    service: 'visa-application',
    name: 'Neha Gupta',
    email: 'neha.gupta@example.in',
    phone: '9822012345',
    createdDaysAgo: 0.3,
    stageDaysAgo: 0.3,
    stage: 'quote_requested',
    fields: {
      destination: 'Schengen area',
      travel_date: '2027-04-12',
      travellers: '2',
      trip_notes: 'Honeymoon, France and Italy, 12 days.',
    },
    files: { passport_front: 'neha-passport.pdf' },
  },
  {
    service: 'compliance-consultation',
    name: 'Sanjay Mehta',
    email: 'sanjay@mehtaspices.example',
    phone: null,
    createdDaysAgo: 2,
    stageDaysAgo: 2,
    stage: 'quote_requested',
    fields: {
      about: 'We make masala blends at home and want to sell on Amazon and at two shops in Pune.',
      states: '2',
    },
    files: {},
  },
  {
    service: 'visa-application',
    name: 'Farhan Qureshi',
    email: 'farhan.q@example.in',
    phone: '9890011223',
    createdDaysAgo: 4,
    stageDaysAgo: 3,
    stage: 'awaiting_payment',
    quote: { fee: 3500, note: 'UK visitor visa for one: form, appointment and document check.' },
    fields: { destination: 'United Kingdom', travel_date: '2027-02-20', travellers: '1' },
    files: { passport_front: 'passport-farhan.pdf' },
  },
  {
    service: 'gst-registration',
    name: 'Kavita Rao',
    email: 'kavita.rao@example.in',
    phone: '9960055667',
    createdDaysAgo: 0.1,
    stageDaysAgo: 0.1,
    stage: 'awaiting_payment',
    fields: {
      business_name: 'Rao Handlooms',
      constitution: 'Proprietorship',
      pan_number: 'ABKPR4321K',
      business_address: 'Shop 3, Laxmi Road, Pune 411030',
    },
    files: { pan_card: 'pan-kavita.pdf', address_proof: 'electricity-bill.pdf' },
  },
  {
    service: 'itr-filing',
    name: 'Rohan Kulkarni',
    email: 'rohan.kulkarni@example.in',
    phone: '9850123456',
    createdDaysAgo: 5,
    stageDaysAgo: 4,
    stage: 'submitted',
    fields: { pan_number: 'BCDPK1234M', assessment_year: '2026-27', income_sources: 'Salary and capital gains' },
    files: { form_16: 'form16-2026.pdf' },
    messages: [{ author: 'applicant', body: 'I also sold some mutual funds in March. Is that covered?' }],
  },
  {
    service: 'gst-registration',
    name: 'Asha Verma',
    email: 'demo@loomandleaf.test',
    phone: '9876543210',
    demoCustomer: true,
    createdDaysAgo: 3,
    stageDaysAgo: 0.5,
    stage: 'documents_verified',
    fields: {
      business_name: 'Loom and Leaf',
      constitution: 'Proprietorship',
      pan_number: 'AHVPV5678Q',
      business_address: '12 Baner Road, Pune 411045',
    },
    files: { pan_card: 'pan-card.pdf', address_proof: 'rent-agreement.pdf' },
    messages: [
      { author: 'staff', body: 'Thank you, Asha. Your PAN and rent agreement are in order.' },
      { author: 'applicant', body: 'Great. Do you need the owner’s NOC for the shop?' },
      { author: 'staff', body: 'Yes please: a signed NOC from the landlord. We have asked for it below.' },
    ],
    request: 'No-objection certificate from your landlord, signed',
  },
  {
    service: 'trademark-registration',
    name: 'Meera Iyer',
    email: 'meera@kaapibrew.example',
    phone: '9765432109',
    createdDaysAgo: 9,
    stageDaysAgo: 2,
    stage: 'drafted',
    fields: {
      mark: 'Kaapi Brew',
      mark_type: 'Word and logo',
      goods_services: 'Coffee, coffee beverages and café services',
      first_use: '2024-06-01',
    },
    files: { logo: 'kaapi-brew-logo.pdf' },
    messages: [{ author: 'staff', body: 'The search found no conflicting marks in class 30. Drafting now.' }],
  },
  {
    service: 'company-incorporation',
    name: 'Vikram Joshi',
    email: 'vikram@joshitech.example',
    phone: '9822334455',
    createdDaysAgo: 16,
    stageDaysAgo: 11,
    stage: 'name_approved',
    fields: {
      proposed_name: 'Joshi Technologies Private Limited',
      second_name: 'Sahyadri Soft Private Limited',
      directors: '2',
      capital: '1000000',
    },
    files: { office_proof: 'office-lease.pdf' },
    messages: [{ author: 'applicant', body: 'Any update on the SPICe+ filing?' }],
  },
  {
    service: 'passport-application',
    name: 'Imran Shaikh',
    email: null,
    phone: '9881122334',
    createdDaysAgo: 12,
    stageDaysAgo: 1,
    stage: 'psk_visit',
    fee: 'cash',
    fields: { application_type: 'Re-issue (renewal)', date_of_birth: '1988-09-14', preferred_psk: 'Mundhwa, Pune' },
    files: { aadhaar: 'aadhaar-imran.pdf' },
  },
  {
    service: 'fssai-food-licence',
    name: 'Priya Deshpande',
    email: 'priya@tiffinbox.example',
    phone: '9970044556',
    createdDaysAgo: 20,
    stageDaysAgo: 8,
    stage: 'filed',
    fields: {
      business_kind: 'Home kitchen',
      turnover: '900000',
      premises_address: 'Flat 5, Sai Residency, Kothrud, Pune 411038',
    },
    files: { premises_proof: 'property-tax-receipt.pdf' },
  },
  {
    service: 'tally-gst-course',
    name: 'Arjun Nair',
    email: 'arjun.nair@example.in',
    phone: '9890567890',
    createdDaysAgo: 1,
    stageDaysAgo: 0.8,
    stage: 'seat_confirmed',
    fields: {
      batch: 'Weekend mornings, Pune',
      start_after: '2027-01-04',
      experience: 'BCom final year, no Tally yet.',
    },
    files: {},
    cancelRequest: { reason: 'I got a job offer in Bengaluru and will not be in Pune for the batch.', daysAgo: 0.4 },
  },
  {
    service: 'gst-return-filing',
    name: 'Sneha Patil',
    email: 'sneha@patilprints.example',
    phone: '9765001122',
    createdDaysAgo: 14,
    stageDaysAgo: 9,
    stage: 'completed',
    fields: { gstin: '27ABCDE1234F1Z5', return_month: '2026-10-01', invoice_count: '84' },
    files: { invoices: 'october-invoices.pdf' },
    messages: [{ author: 'staff', body: 'GSTR-1 and GSTR-3B for October are filed. Acknowledgements attached.' }],
  },
  {
    service: 'udyam-registration',
    name: 'Asha Verma',
    email: 'demo@loomandleaf.test',
    phone: '9876543210',
    demoCustomer: true,
    createdDaysAgo: 30,
    stageDaysAgo: 28,
    stage: 'completed',
    fields: { enterprise_name: 'Loom and Leaf', started_on: '2023-08-01', employees: '4' },
    files: {},
  },
  {
    service: 'monthly-accounting',
    name: 'Rahul Bhosale',
    email: 'rahul@bhosaleauto.example',
    phone: '9850998877',
    createdDaysAgo: 7,
    stageDaysAgo: 6,
    stage: 'rejected',
    reached: 'submitted',
    endNote: 'We only keep books in Tally or Zoho Books; your records are on paper ledgers. Your fee will be refunded.',
    fields: { business_name: 'Bhosale Auto Parts', software: 'None yet', entries: '600' },
    files: {},
  },
  {
    service: 'ac-installation-repair',
    name: 'Deepa Kamat',
    email: 'deepa.kamat@example.in',
    phone: '9823456780',
    createdDaysAgo: 6,
    stageDaysAgo: 5,
    stage: 'cancelled',
    reached: 'technician_assigned',
    endNote: 'Cancelled at the customer’s request: the landlord had it repaired.',
    fields: {
      work: 'Repair',
      ac_type: 'Split',
      visit_date: '2026-11-26',
      address: 'B-402, Green Park, Aundh, Pune 411007',
    },
    files: {},
  },
];
