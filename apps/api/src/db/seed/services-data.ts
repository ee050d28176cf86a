import type { ServiceDetailsBody } from '@shopfront/shared';

/**
 * The services demo (SEED_DEMO=services, issue 27): a tax, compliance and documents firm in Pune
 * that also runs a training course and a home-appliance service, so every fee kind, field type
 * and a variety of stage tables show. Prices in rupees; 0 for a fee on quote.
 */
export const serviceCategories = [
  {
    slug: 'tax-and-gst',
    name: 'Tax & GST',
    description: 'Registrations, returns and filings, done for you.',
    art: 'ledger',
  },
  {
    slug: 'business-registration',
    name: 'Business registration',
    description: 'Start and register your business the right way.',
    art: 'stamp',
  },
  {
    slug: 'travel-documents',
    name: 'Passport & visa',
    description: 'Applications, appointments and document checks.',
    art: 'passport',
  },
  {
    slug: 'accounting',
    name: 'Accounting',
    description: 'Books kept every month by a qualified accountant.',
    art: 'ledger',
  },
  {
    slug: 'training',
    name: 'Training',
    description: 'Practical courses in accounting software and GST.',
    art: 'screen',
  },
  {
    slug: 'home-services',
    name: 'Home services',
    description: 'Air-conditioner installation and repair at home.',
    art: 'tools',
  },
] as const;
export type ServiceCategorySlug = (typeof serviceCategories)[number]['slug'];

export interface DemoService {
  slug: string;
  name: string;
  category: ServiceCategorySlug;
  /** The fee in rupees: the fixed fee, the starting fee, or 0 on quote. */
  price: number;
  summary: string;
  description: string;
  details: ServiceDetailsBody;
}

const pdfOrPhoto = [
  'application/pdf',
  'image/jpeg',
  'image/png',
] as ServiceDetailsBody['form_fields'][number]['accept'];

export const demoServices: DemoService[] = [
  {
    slug: 'gst-registration',
    name: 'GST registration',
    category: 'tax-and-gst',
    price: 1499,
    summary: 'Your GSTIN in about a week: we prepare, file and follow up on the application.',
    description:
      'For proprietors, partnerships and companies crossing the GST threshold or selling online. A tax professional checks your documents, files the application on the GST portal, answers any query from the officer and shares the registration certificate.',
    details: {
      fee_kind: 'fixed',
      includes: [
        'Document check by a tax professional',
        'Application filed on the GST portal',
        'Replies to officer queries',
        'GST certificate and ARN shared',
      ],
      turnaround_days: 7,
      documents_needed: [
        'PAN card of the business or proprietor',
        'Aadhaar card',
        'Photograph',
        'Proof of business address (rent agreement or electricity bill)',
        'Bank statement or cancelled cheque',
      ],
      stages: [
        { key: 'documents_verified', label: 'Documents verified', expected_days: 1 },
        { key: 'filed', label: 'Application filed', expected_days: 1 },
        { key: 'arn_generated', label: 'ARN generated', expected_days: 1 },
        { key: 'completed', label: 'GSTIN issued', expected_days: 4 },
      ],
      form_fields: [
        { key: 'business_name', label: 'Legal name of the business', type: 'text', required: true, max: 120 },
        {
          key: 'constitution',
          label: 'Constitution',
          type: 'choice',
          required: true,
          options: ['Proprietorship', 'Partnership', 'LLP', 'Private limited company'],
        },
        {
          key: 'pan_number',
          label: 'PAN',
          type: 'text',
          required: true,
          max: 10,
          help: 'Ten characters, such as ABCDE1234F',
        },
        { key: 'business_address', label: 'Principal place of business', type: 'textarea', required: true, max: 500 },
        { key: 'pan_card', label: 'PAN card', type: 'file', required: true, accept: pdfOrPhoto, max_mb: 5 },
        {
          key: 'address_proof',
          label: 'Proof of address',
          type: 'file',
          required: true,
          accept: pdfOrPhoto,
          max_mb: 5,
        },
      ],
    },
  },
  {
    slug: 'itr-filing',
    name: 'Income tax return (ITR) filing',
    category: 'tax-and-gst',
    price: 799,
    summary: 'Salaried, freelance or with capital gains: your return prepared, checked and e-filed.',
    description:
      'Send your Form 16 and statements; we choose the right ITR form, claim every deduction you are due, e-file the return and e-verify it with you. The fee starts at ₹799 for salary income and rises with capital gains or business income.',
    details: {
      fee_kind: 'from',
      includes: [
        'Choice of ITR form and tax regime',
        'Deductions under 80C, 80D and more',
        'E-filing and e-verification',
        'Computation sheet for your records',
      ],
      turnaround_days: 3,
      documents_needed: [
        'Form 16 from your employer',
        'Form 26AS / AIS',
        'Bank interest certificates',
        'Investment proofs for deductions',
      ],
      stages: [
        { key: 'documents_verified', label: 'Documents verified', expected_days: 1 },
        { key: 'computed', label: 'Tax computed, sent for your approval', expected_days: 1 },
        { key: 'completed', label: 'Return filed and verified', expected_days: 1 },
      ],
      form_fields: [
        { key: 'pan_number', label: 'PAN', type: 'text', required: true, max: 10 },
        {
          key: 'assessment_year',
          label: 'Assessment year',
          type: 'choice',
          required: true,
          options: ['2026-27', '2025-26 (belated)'],
        },
        {
          key: 'income_sources',
          label: 'Income sources',
          type: 'choice',
          required: true,
          options: ['Salary only', 'Salary and capital gains', 'Business or profession', 'Freelance'],
        },
        { key: 'form_16', label: 'Form 16', type: 'file', required: false, accept: ['application/pdf'], max_mb: 5 },
        { key: 'notes', label: 'Anything we should know', type: 'textarea', max: 1000 },
      ],
    },
  },
  {
    slug: 'gst-return-filing',
    name: 'GST return filing (monthly)',
    category: 'tax-and-gst',
    price: 699,
    summary: 'GSTR-1 and GSTR-3B filed on time every month, with the input credit reconciled.',
    description:
      'Share your sales and purchase invoices by the 5th; we reconcile input credit with GSTR-2B, prepare GSTR-1 and GSTR-3B, send you the tax to pay and file both before the due date.',
    details: {
      fee_kind: 'fixed',
      includes: [
        'GSTR-1 and GSTR-3B for one month',
        'Input credit matched with GSTR-2B',
        'Challan prepared for the tax due',
      ],
      turnaround_days: 5,
      documents_needed: [
        'Sales invoices of the month',
        'Purchase invoices of the month',
        'GST portal login (shared securely)',
      ],
      stages: [
        { key: 'invoices_received', label: 'Invoices received', expected_days: 1 },
        { key: 'reconciled', label: 'Input credit reconciled', expected_days: 2 },
        { key: 'completed', label: 'Returns filed', expected_days: 2 },
      ],
      form_fields: [
        { key: 'gstin', label: 'GSTIN', type: 'text', required: true, max: 15 },
        {
          key: 'return_month',
          label: 'Month of the return',
          type: 'date',
          required: true,
          help: 'Any day of that month',
        },
        {
          key: 'invoice_count',
          label: 'Number of invoices (about)',
          type: 'number',
          required: true,
          min: 0,
          max: 5000,
        },
        {
          key: 'invoices',
          label: 'Invoices (one PDF)',
          type: 'file',
          required: true,
          accept: ['application/pdf'],
          max_mb: 10,
        },
      ],
    },
  },
  {
    slug: 'trademark-registration',
    name: 'Trademark registration',
    category: 'business-registration',
    price: 6499,
    summary: 'Protect your brand name or logo: search, application and TM number in days.',
    description:
      'A trademark attorney searches the register for conflicting marks, drafts the application in the right class and files it. You may use ™ from the day it is filed. The fee starts at ₹6,499 including the government fee for individuals and start-ups.',
    details: {
      fee_kind: 'from',
      includes: [
        'Trademark search report',
        'Application in one class, government fee included',
        'TM application number',
        'Tracking until examination',
      ],
      turnaround_days: 10,
      documents_needed: [
        'Logo in high resolution (if a logo)',
        'Identity proof of the applicant',
        'Udyam certificate (for the lower government fee)',
      ],
      stages: [
        { key: 'search_done', label: 'Search report shared', expected_days: 3 },
        { key: 'drafted', label: 'Application drafted', expected_days: 3 },
        { key: 'filed', label: 'Filed with the registry', expected_days: 2 },
        { key: 'completed', label: 'TM number issued', expected_days: 2 },
      ],
      form_fields: [
        { key: 'mark', label: 'Brand name to protect', type: 'text', required: true, max: 80 },
        {
          key: 'mark_type',
          label: 'What to register',
          type: 'choice',
          required: true,
          options: ['Word mark', 'Logo', 'Word and logo'],
        },
        {
          key: 'goods_services',
          label: 'Goods or services you sell under it',
          type: 'textarea',
          required: true,
          max: 1000,
        },
        { key: 'first_use', label: 'Used since', type: 'date', help: 'Leave empty if not used yet' },
        { key: 'logo', label: 'Logo', type: 'file', accept: ['image/png', 'image/jpeg', 'application/pdf'], max_mb: 5 },
      ],
    },
  },
  {
    slug: 'company-incorporation',
    name: 'Private limited company incorporation',
    category: 'business-registration',
    price: 9999,
    summary: 'Name approval, incorporation, PAN, TAN and bank account opening, end to end.',
    description:
      'We reserve the name, obtain the directors’ digital signatures, draft the memorandum and articles and file SPICe+ with the Ministry of Corporate Affairs. You receive the certificate of incorporation with the company’s PAN and TAN.',
    details: {
      fee_kind: 'from',
      includes: [
        'Two directors’ digital signatures',
        'Name reservation',
        'MoA and AoA drafted',
        'Certificate of incorporation, PAN and TAN',
      ],
      turnaround_days: 15,
      documents_needed: [
        'PAN and Aadhaar of each director',
        'Photograph of each director',
        'Registered office proof and owner’s NOC',
      ],
      stages: [
        { key: 'dsc_issued', label: 'Digital signatures issued', expected_days: 2 },
        { key: 'name_approved', label: 'Name approved', expected_days: 4 },
        { key: 'filed', label: 'SPICe+ filed', expected_days: 3 },
        { key: 'completed', label: 'Company incorporated', expected_days: 6 },
      ],
      form_fields: [
        { key: 'proposed_name', label: 'Proposed name (first choice)', type: 'text', required: true, max: 120 },
        { key: 'second_name', label: 'Second choice', type: 'text', max: 120 },
        { key: 'directors', label: 'Number of directors', type: 'number', required: true, min: 2, max: 15 },
        { key: 'capital', label: 'Authorised capital (₹)', type: 'number', required: true, min: 100000 },
        {
          key: 'office_proof',
          label: 'Registered office proof',
          type: 'file',
          required: true,
          accept: pdfOrPhoto,
          max_mb: 10,
        },
      ],
    },
  },
  {
    slug: 'fssai-food-licence',
    name: 'FSSAI food licence',
    category: 'business-registration',
    price: 2499,
    summary: 'Basic registration or state licence for your kitchen, shop or food brand.',
    description:
      'We find which FSSAI licence your turnover and activity need, prepare the food safety plan and file the application. The fee starts at ₹2,499 for basic registration; state licences are quoted with the government fee.',
    details: {
      fee_kind: 'from',
      includes: [
        'Licence type advice',
        'Application and declaration filed',
        'Follow-up on inspection',
        'Licence certificate shared',
      ],
      turnaround_days: 30,
      documents_needed: [
        'Photo identity of the proprietor',
        'Proof of premises',
        'List of food products',
        'Layout plan of the kitchen (state licence)',
      ],
      stages: [
        { key: 'documents_verified', label: 'Documents verified', expected_days: 2 },
        { key: 'filed', label: 'Application filed', expected_days: 3 },
        { key: 'inspection', label: 'Inspection (if called)', expected_days: 15 },
        { key: 'completed', label: 'Licence issued', expected_days: 10 },
      ],
      form_fields: [
        {
          key: 'business_kind',
          label: 'Kind of food business',
          type: 'choice',
          required: true,
          options: ['Home kitchen', 'Restaurant or café', 'Retail shop', 'Manufacturer', 'Online brand'],
        },
        { key: 'turnover', label: 'Yearly turnover (₹)', type: 'number', required: true, min: 0 },
        { key: 'premises_address', label: 'Premises address', type: 'textarea', required: true, max: 500 },
        {
          key: 'premises_proof',
          label: 'Proof of premises',
          type: 'file',
          required: true,
          accept: pdfOrPhoto,
          max_mb: 5,
        },
      ],
    },
  },
  {
    slug: 'udyam-registration',
    name: 'MSME / Udyam registration',
    category: 'business-registration',
    price: 499,
    summary: 'Your Udyam certificate in two days: priority lending, lower fees and government tenders.',
    description:
      'Udyam registration is free at the government portal; we fill it in correctly from your PAN and GST details, classify your enterprise and send you the certificate.',
    details: {
      fee_kind: 'fixed',
      includes: [
        'Enterprise classified (micro, small or medium)',
        'Registration on the Udyam portal',
        'Udyam certificate shared',
      ],
      turnaround_days: 2,
      documents_needed: [
        'Aadhaar of the proprietor, partner or director',
        'PAN of the business',
        'GSTIN (if registered)',
      ],
      stages: [{ key: 'completed', label: 'Udyam certificate issued', expected_days: 2 }],
      form_fields: [
        { key: 'enterprise_name', label: 'Name of the enterprise', type: 'text', required: true, max: 120 },
        { key: 'started_on', label: 'Date of starting the business', type: 'date', required: true },
        { key: 'employees', label: 'Number of employees', type: 'number', required: true, min: 0, max: 100000 },
      ],
    },
  },
  {
    slug: 'passport-application',
    name: 'Passport application assistance',
    category: 'travel-documents',
    price: 999,
    summary: 'New or renewed passport: form filled, appointment booked, documents checked.',
    description:
      'We fill your application on Passport Seva, book the earliest appointment at your Passport Seva Kendra, and check every document the day before so your visit goes through the first time. Government fee paid separately online.',
    details: {
      fee_kind: 'fixed',
      includes: [
        'Online application filled',
        'PSK appointment booked',
        'Document checklist and check',
        'Police verification guidance',
      ],
      turnaround_days: 21,
      documents_needed: [
        'Aadhaar card',
        'Proof of date of birth',
        'Old passport (for renewal)',
        'Proof of present address',
      ],
      stages: [
        { key: 'form_filled', label: 'Application filled', expected_days: 1 },
        { key: 'appointment_booked', label: 'Appointment booked', expected_days: 2 },
        { key: 'psk_visit', label: 'PSK visit done', expected_days: 7 },
        { key: 'police_verification', label: 'Police verification', expected_days: 7 },
        { key: 'completed', label: 'Passport dispatched', expected_days: 4 },
      ],
      form_fields: [
        {
          key: 'application_type',
          label: 'Application',
          type: 'choice',
          required: true,
          options: ['Fresh passport', 'Re-issue (renewal)', 'Minor’s passport'],
        },
        { key: 'date_of_birth', label: 'Date of birth', type: 'date', required: true },
        { key: 'preferred_psk', label: 'Preferred Passport Seva Kendra', type: 'text', max: 80 },
        { key: 'aadhaar', label: 'Aadhaar card', type: 'file', required: true, accept: pdfOrPhoto, max_mb: 2 },
      ],
    },
  },
  {
    slug: 'visa-application',
    name: 'Tourist visa application',
    category: 'travel-documents',
    price: 0,
    summary: 'Schengen, UK, US and more: checklist, forms, appointment and a file that is ready.',
    description:
      'Tell us where and when you travel. We quote by country and visa type, prepare the forms and cover letter, book the biometrics appointment and review your file before submission.',
    details: {
      fee_kind: 'quote',
      includes: [
        'Country-specific checklist',
        'Forms and cover letter',
        'Appointment booked',
        'File reviewed before submission',
      ],
      turnaround_days: 15,
      documents_needed: [
        'Passport valid six months beyond travel',
        'Bank statements for six months',
        'Income tax returns for two years',
        'Travel itinerary and hotel bookings',
      ],
      stages: [
        { key: 'documents_verified', label: 'Documents verified', expected_days: 2 },
        { key: 'appointment_booked', label: 'Appointment booked', expected_days: 3 },
        { key: 'submitted_to_embassy', label: 'Submitted at the visa centre', expected_days: 5 },
        { key: 'completed', label: 'Decision received', expected_days: 10 },
      ],
      form_fields: [
        {
          key: 'destination',
          label: 'Country',
          type: 'choice',
          required: true,
          options: ['Schengen area', 'United Kingdom', 'United States', 'Canada', 'Australia', 'Other'],
        },
        { key: 'travel_date', label: 'Travel date', type: 'date', required: true },
        { key: 'travellers', label: 'Travellers', type: 'number', required: true, min: 1, max: 10 },
        {
          key: 'passport_front',
          label: 'Passport, first and last page',
          type: 'file',
          required: true,
          accept: pdfOrPhoto,
          max_mb: 5,
        },
        { key: 'trip_notes', label: 'About the trip', type: 'textarea', max: 1000 },
      ],
    },
  },
  {
    slug: 'monthly-accounting',
    name: 'Accounting and bookkeeping (monthly)',
    category: 'accounting',
    price: 2999,
    summary: 'Books kept in Tally or Zoho every month, with a profit and loss you can read.',
    description:
      'A qualified accountant records your sales, purchases, expenses and bank entries each month, reconciles the bank and sends a short report. From ₹2,999 a month for up to 100 entries.',
    details: {
      fee_kind: 'from',
      includes: ['Up to 100 entries a month', 'Bank reconciliation', 'Monthly profit and loss', 'A call each quarter'],
      turnaround_days: 10,
      documents_needed: ['Bank statements of the month', 'Sales and purchase invoices', 'Expense bills'],
      stages: [
        { key: 'records_received', label: 'Records received', expected_days: 2 },
        { key: 'books_updated', label: 'Books updated', expected_days: 5 },
        { key: 'completed', label: 'Report sent', expected_days: 3 },
      ],
      form_fields: [
        { key: 'business_name', label: 'Business name', type: 'text', required: true, max: 120 },
        {
          key: 'software',
          label: 'Accounting software',
          type: 'choice',
          required: true,
          options: ['Tally', 'Zoho Books', 'None yet'],
        },
        { key: 'entries', label: 'Entries a month (about)', type: 'number', required: true, min: 1, max: 10000 },
        {
          key: 'bank_statement',
          label: 'Latest bank statement',
          type: 'file',
          accept: ['application/pdf'],
          max_mb: 10,
        },
      ],
    },
  },
  {
    slug: 'tally-gst-course',
    name: 'Tally Prime with GST: six-week course',
    category: 'training',
    price: 7999,
    summary: 'Evening batches in Pune or online: accounting, inventory, GST and payroll in Tally.',
    description:
      'Twelve live sessions of two hours, with practice company data and a certificate on passing the final test. Batches start every month; pick yours in the form.',
    details: {
      fee_kind: 'fixed',
      includes: [
        '12 live sessions of 2 hours',
        'Practice data and notes',
        'Final test and certificate',
        'Recording of every session',
      ],
      turnaround_days: 42,
      documents_needed: ['Photo identity', 'A laptop for the online batch'],
      stages: [
        { key: 'seat_confirmed', label: 'Seat confirmed', expected_days: 1 },
        { key: 'course_started', label: 'Course started', expected_days: 7 },
        { key: 'test_taken', label: 'Final test taken', expected_days: 40 },
        { key: 'completed', label: 'Certificate issued', expected_days: 2 },
      ],
      form_fields: [
        {
          key: 'batch',
          label: 'Batch',
          type: 'choice',
          required: true,
          options: ['Weekday evenings, Pune', 'Weekend mornings, Pune', 'Online, weekday evenings'],
        },
        { key: 'start_after', label: 'Start on or after', type: 'date', required: true },
        { key: 'experience', label: 'Your accounting experience', type: 'textarea', max: 500 },
      ],
    },
  },
  {
    slug: 'ac-installation-repair',
    name: 'AC installation or repair visit',
    category: 'home-services',
    price: 499,
    summary: 'A trained technician at home within two days, for split and window air-conditioners.',
    description:
      'Installation, gas top-up, servicing or a repair: the visit fee of ₹499 covers inspection; parts and gas are quoted on the spot before any work starts.',
    details: {
      fee_kind: 'from',
      includes: [
        'Visit and inspection by a trained technician',
        'Written quote before any work',
        '30-day warranty on the repair',
      ],
      turnaround_days: 2,
      documents_needed: ['Purchase bill (for warranty repairs)'],
      stages: [
        { key: 'technician_assigned', label: 'Technician assigned', expected_days: 1 },
        { key: 'visited', label: 'Visit done', expected_days: 1 },
        { key: 'completed', label: 'Work completed', expected_days: 0 },
      ],
      form_fields: [
        {
          key: 'work',
          label: 'What is needed',
          type: 'choice',
          required: true,
          options: ['Installation', 'Servicing', 'Repair', 'Gas top-up', 'Uninstallation'],
        },
        { key: 'ac_type', label: 'Air-conditioner', type: 'choice', required: true, options: ['Split', 'Window'] },
        { key: 'visit_date', label: 'Preferred visit date', type: 'date', required: true },
        { key: 'address', label: 'Address', type: 'textarea', required: true, max: 500 },
        {
          key: 'photo',
          label: 'Photo of the unit or the fault',
          type: 'file',
          accept: ['image/jpeg', 'image/png', 'image/webp'],
          max_mb: 8,
        },
      ],
    },
  },
  {
    slug: 'compliance-consultation',
    name: 'Compliance consultation for your business',
    category: 'business-registration',
    price: 0,
    summary: 'Not sure which registrations and filings you need? Tell us; we quote a plan.',
    description:
      'Describe your business and where you sell. A consultant lists the registrations, licences and yearly filings that apply, and quotes for the ones you want us to handle.',
    details: {
      fee_kind: 'quote',
      includes: [
        'A written compliance checklist for your business',
        'A 30-minute call with a consultant',
        'A quote for the work you choose',
      ],
      turnaround_days: null,
      documents_needed: [],
      stages: [
        { key: 'call_scheduled', label: 'Call scheduled', expected_days: 2 },
        { key: 'completed', label: 'Checklist sent', expected_days: 3 },
      ],
      form_fields: [
        { key: 'about', label: 'About your business', type: 'textarea', required: true, max: 2000 },
        { key: 'states', label: 'States you operate in', type: 'number', min: 1, max: 36 },
      ],
    },
  },
];
