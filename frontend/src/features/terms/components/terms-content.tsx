import { Link as RouterLink } from 'react-router';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';

/** Static company details shown on the terms page. */
export const COMPANY = {
  legalName: 'Panda Training Placements Ltd',
  tradingName: 'Panda',
  registeredIn: 'England and Wales',
  address: 'Suite 4, 20 Market Street, Manchester M1 1PT, United Kingdom',
  email: 'support@panda-placements.co.uk',
  hours: 'Monday to Friday, 9:00 to 17:00 (excluding UK bank holidays)',
};

export const TERMS_LAST_UPDATED = '24 September 2025';
export const NON_CIRCUMVENTION_MONTHS = 24;
export const SELF_BILLING_INTERVAL_DAYS = 14;
export const INVOICE_DISPUTE_DAYS = 7;

export interface TermsSection {
  id: string;
  title: string;
  body: ReactNode;
}

function P({ children }: { children: ReactNode }) {
  return (
    <Typography component="p" sx={{ color: 'text.secondary', lineHeight: 1.75, mb: 2 }}>
      {children}
    </Typography>
  );
}

function Sub({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <Box id={id} sx={{ mt: 3 }}>
      <Typography variant="h6" component="h3" sx={{ fontSize: '1.05rem', mb: 1.25 }}>
        {title}
      </Typography>
      {children}
    </Box>
  );
}

function List({ items }: { items: ReactNode[] }) {
  return (
    <Box component="ul" sx={{ pl: 3, mt: 0, mb: 2, color: 'text.secondary', '& li': { lineHeight: 1.75, mb: 0.75 } }}>
      {items.map((item, i) => (
        <li key={i}>{item}</li>
      ))}
    </Box>
  );
}

const B = ({ children }: { children: ReactNode }) => (
  <Box component="strong" sx={{ color: 'text.primary', fontWeight: 600 }}>
    {children}
  </Box>
);

export const TERMS_SECTIONS: TermsSection[] = [
  {
    id: 'introduction',
    title: '1. Introduction',
    body: (
      <>
        <P>
          These Terms and Conditions (the &quot;Terms&quot;) govern your access to and use of the Panda website,
          dashboards and related services (together, the &quot;Platform&quot;), operated by {COMPANY.legalName}, trading
          as {COMPANY.tradingName} (&quot;Panda&quot;, &quot;we&quot;, &quot;us&quot; or &quot;our&quot;).
        </P>
        <P>
          The Platform connects trainee gas engineers (&quot;Students&quot;) with Gas Safe registered businesses that
          supervise them on real jobs (&quot;Mentors&quot;) and with the colleges and training providers that register
          them (&quot;Training Centres&quot;). In these Terms, &quot;you&quot; means the person or business using the
          Platform, and a &quot;Placement&quot; means an arrangement, made through the Platform, under which a Student
          gains supervised on-site experience with a Mentor.
        </P>
        <P>
          Please read these Terms carefully before creating an account. If you do not agree to them, you must not use
          the Platform.
        </P>
      </>
    ),
  },
  {
    id: 'copyright',
    title: '2. Copyright',
    body: (
      <>
        <P>
          The Platform and all of its content, including its software, design, text, graphics, logos and the Panda name,
          are owned by or licensed to {COMPANY.legalName} and are protected by copyright, trade mark and other
          intellectual property laws of the United Kingdom and other countries. All rights are reserved.
        </P>
        <P>
          We grant you a limited, non-exclusive, non-transferable and revocable licence to use the Platform for its
          intended purpose while you hold an account. You must not copy, reproduce, modify, distribute, frame, scrape or
          create derivative works from any part of the Platform without our prior written consent.
        </P>
        <P>
          Content you upload (such as profile details, messages and photos) remains yours. You grant us a licence to
          store, display and process it as far as needed to operate the Platform and provide our services to you.
        </P>
      </>
    ),
  },
  {
    id: 'agreement',
    title: '3. Agreement',
    body: (
      <>
        <P>
          By ticking the box to accept these Terms, or by otherwise using the Platform, you enter into a legally binding
          agreement with us. You confirm that you are at least 18 years old and, where you register on behalf of a
          business or Training Centre, that you are authorised to bind that organisation to these Terms.
        </P>
        <P>
          You agree that the information you give us is accurate and complete, and that you will keep it up to date. You
          are responsible for keeping your login details confidential and for all activity under your account. Tell us
          straight away if you suspect unauthorised use of your account.
        </P>
        <P>
          These Terms, together with any documents they refer to, form the entire agreement between you and us about the
          Platform. We may update these Terms from time to time; we will tell you about material changes by email or on
          your dashboard, and the date at the top of this page shows when they last changed. If you keep using the
          Platform after a change takes effect, you accept the updated Terms.
        </P>
      </>
    ),
  },
  {
    id: 'general-service-terms',
    title: '4. General Service Terms',
    body: (
      <>
        <P>This section applies to every user of the Platform and has three parts.</P>
        <Sub id="non-circumvention" title="4.1 Introductions and non-circumvention">
          <P>
            Every Student, Mentor and Training Centre you are introduced to through the Platform is an introduction made
            by Panda. While you hold an account and for <B>{NON_CIRCUMVENTION_MONTHS} months</B> after your last
            Placement or introduction, you must not, directly or indirectly, arrange, accept or continue a placement,
            mentoring, employment or subcontracting arrangement with a party introduced through the Platform outside the
            Platform, or encourage anyone else to do so, without our prior written consent.
          </P>
        </Sub>
        <Sub id="placements-and-job-cards" title="4.2 Placements, supervision and job cards">
          <P>Mentors confirm that, for as long as they take part in Placements, they:</P>
          <List
            items={[
              'hold a current Gas Safe registration covering the work a Student is involved in, and suitable public liability insurance;',
              'comply with the Gas Safety (Installation and Use) Regulations 1998, the Health and Safety at Work etc. Act 1974 and all other applicable law and industry guidance;',
              'supervise Students at all times on site and never leave a Student to carry out gas work unsupervised.',
            ]}
          />
          <P>
            Students agree to follow their Mentor&apos;s instructions and all safety rules on site. Each completed job
            is recorded on a digital job card, and a job only counts towards a Student&apos;s requirements once it has
            been signed off by both the Mentor and the Student.
          </P>
        </Sub>
        <Sub id="fees-and-refunds" title="4.3 Fees, payments and refunds">
          <P>
            Any fees for our placement services are shown to you before you commit to them. Payments are{' '}
            <B>non-refundable</B>, except where we are unable to find a suitable Mentor match within the timeframe
            agreed with you, in which case the fees paid for that Placement will be refunded.
          </P>
          <P>
            Nothing in these Terms affects your statutory rights as a consumer, including under the Consumer Rights Act
            2015, where those rights apply to you.
          </P>
        </Sub>
      </>
    ),
  },
  {
    id: 'mentor-payouts-and-vat',
    title: '5. Mentor Payouts and VAT',
    body: (
      <>
        <P>
          Mentors are paid for the supervised jobs that are completed and signed off through the Platform, at the rates
          agreed with us. <B>All payouts are inclusive of VAT</B> where VAT is chargeable; no additional VAT will be
          paid on top of an agreed payout.
        </P>
        <P>
          If you are VAT-registered, you must give us your VAT registration number and tell us promptly if your
          registration changes or is cancelled. You are responsible for your own income tax, National Insurance and VAT
          affairs. We may withhold a payout for a job that has not been properly signed off or that is the subject of an
          investigation until the matter is resolved.
        </P>
      </>
    ),
  },
  {
    id: 'future-incentives',
    title: '6. Future Incentives',
    body: (
      <P>
        From time to time we may offer incentives, such as referral rewards, loyalty bonuses or promotional rates. Any
        incentive is offered at our discretion, is subject to the conditions published with it, and may be changed or
        withdrawn at any time. No incentive creates a continuing entitlement, and incentives have no cash alternative
        unless we say otherwise.
      </P>
    ),
  },
  {
    id: 'job-cancellations',
    title: '7. Job Cancellations',
    body: (
      <>
        <P>
          Plans change, but Students depend on the jobs they are booked on. If a Mentor or Student needs to cancel a
          job, they must tell the other party through the Platform as early as reasonably possible. A job may always be
          cancelled or stopped where either party has a genuine concern about safety.
        </P>
        <P>
          No payout is due for a job that is cancelled and not carried out. Repeated late cancellations or no-shows may
          lead us to pause new Placements or suspend the account concerned.
        </P>
      </>
    ),
  },
  {
    id: 'self-billing',
    title: '8. Self-Billing',
    body: (
      <>
        <P>Mentors agree to the following self-billing arrangement:</P>
        <List
          items={[
            <>
              Panda will raise <B>self-billed invoices every {SELF_BILLING_INTERVAL_DAYS} days</B> on your behalf for
              the jobs completed and signed off in that period, and will pay you in line with those invoices.
            </>,
            'You agree not to issue your own sales invoices for the supplies covered by a self-billed invoice.',
            'If you are VAT-registered, the arrangement follows HM Revenue & Customs requirements for self-billing, and you must tell us immediately if you stop being VAT-registered, change your VAT number or transfer your business.',
            <>
              Any dispute about a self-billed invoice must be raised with us <B>within {INVOICE_DISPUTE_DAYS} days</B>{' '}
              of the invoice date. After that period the invoice is treated as accepted.
            </>,
            'This self-billing agreement lasts for 12 months from your acceptance of these Terms and renews automatically for further 12-month periods unless either party ends it in writing.',
          ]}
        />
      </>
    ),
  },
  {
    id: 'disclaimer',
    title: '9. Disclaimer',
    body: (
      <>
        <P>
          We work hard to make good matches, but the Platform is provided on an &quot;as is&quot; and &quot;as
          available&quot; basis. We do not guarantee that a match will be found, that a Student will achieve a
          qualification, or that the Platform will be uninterrupted or error-free.
        </P>
        <P>
          Mentors are independent businesses and are not our employees or agents. Each Mentor is responsible for the
          work carried out on their jobs. To the extent permitted by law, our total liability to you in connection with
          the Platform is limited to the fees you have paid to us in the 12 months before the claim arose, and we are
          not liable for any indirect or consequential loss or for loss of profit.
        </P>
        <P>
          Nothing in these Terms limits or excludes our liability for death or personal injury caused by our negligence,
          for fraud or fraudulent misrepresentation, or for anything else that cannot be limited or excluded under the
          law of England and Wales.
        </P>
      </>
    ),
  },
  {
    id: 'photo-upload',
    title: '10. Photo Upload',
    body: (
      <>
        <P>
          You may upload images to the Platform, such as a photo of your Gas Safe ID card or pictures shared in chat.
          Each image must be no larger than 10MB. By uploading an image you confirm that:
        </P>
        <List
          items={[
            'you took the photo or have the right to share it;',
            'it is accurate, and any identity or registration document shown is genuine and your own;',
            'it contains nothing unlawful, offensive or misleading, and no personal information about anyone else without their consent.',
          ]}
        />
        <P>
          We may use a Gas Safe card photo to verify your registration with the Gas Safe Register as part of vetting,
          and we may remove any image that breaks these Terms.
        </P>
      </>
    ),
  },
  {
    id: 'governing-law',
    title: '11. Governing Law',
    body: (
      <P>
        These Terms, and any dispute or claim arising out of or in connection with them or the Platform (including
        non-contractual disputes or claims), are governed by the law of <B>England and Wales</B>. The courts of England
        and Wales have exclusive jurisdiction, except that if you are a consumer living in Scotland or Northern Ireland
        you may also bring proceedings in your local courts.
      </P>
    ),
  },
  {
    id: 'data-protection',
    title: '12. Data Protection',
    body: (
      <>
        <P>
          We process personal data in line with the UK General Data Protection Regulation (UK GDPR) and the Data
          Protection Act 2018. {COMPANY.legalName} is the controller of the personal data held in your account.
        </P>
        <P>
          We use your details to run your account, to vet Mentors and Training Centres, to make and manage Placements,
          to process payouts and invoices, and to keep you informed about your Placements. We share with matched parties
          only what they need to work together, such as names and contact details. Passwords are stored only in a
          securely hashed form and are never visible to our staff.
        </P>
        <P>
          We keep personal data only for as long as needed for these purposes and to meet our legal and accounting
          obligations. You have the right to access, correct or erase your data, to restrict or object to its processing
          and to data portability. To exercise these rights, contact us using the details in section 14. You may also
          complain to the Information Commissioner&apos;s Office (ICO) at{' '}
          <Link href="https://ico.org.uk" target="_blank" rel="noopener noreferrer">
            ico.org.uk
          </Link>
          .
        </P>
      </>
    ),
  },
  {
    id: 'force-majeure',
    title: '13. Force Majeure',
    body: (
      <P>
        Neither you nor we will be responsible for any failure or delay in meeting obligations under these Terms caused
        by events outside reasonable control, such as severe weather, flood, fire, epidemic, industrial action, failure
        of utilities or telecommunications networks, or acts of government. The affected party must tell the other as
        soon as possible, and its obligations are suspended for as long as the event continues. If an event prevents a
        Placement from going ahead for a prolonged period, either party may end that Placement by notice.
      </P>
    ),
  },
  {
    id: 'contact',
    title: '14. Contact',
    body: (
      <>
        <P>If you have any questions about these Terms or the Platform, please contact us:</P>
        <Box
          component="address"
          sx={{
            fontStyle: 'normal',
            p: 2.5,
            borderRadius: 3,
            bgcolor: 'rgba(29, 78, 216, 0.05)',
            border: '1px solid',
            borderColor: 'rgba(29, 78, 216, 0.15)',
            color: 'text.secondary',
            lineHeight: 1.9,
            mb: 2,
          }}
        >
          <B>{COMPANY.legalName}</B> (trading as {COMPANY.tradingName})
          <br />
          Registered in {COMPANY.registeredIn}
          <br />
          Registered office: {COMPANY.address}
          <br />
          Email: <Link href={`mailto:${COMPANY.email}`}>{COMPANY.email}</Link>
          <br />
          Hours: {COMPANY.hours}
        </Box>
        <P>
          Signed-in users can also raise a ticket in the{' '}
          <Link component={RouterLink} to="/dashboard?view=support">
            Support Center
          </Link>{' '}
          of their dashboard, or ask the Smart Assistant there.
        </P>
      </>
    ),
  },
  {
    id: 'remedies-for-breach',
    title: '15. Remedies for Breach',
    body: (
      <>
        <P>If you breach these Terms, we may, in addition to any other rights we have:</P>
        <List
          items={[
            'suspend or close your account and end any Placement affected by the breach;',
            'withhold payouts that relate to the breach until it has been resolved;',
            'recover from you the losses we suffer as a result, including, for a breach of the non-circumvention terms in section 4.1, the fees we would have earned on the Placement or arrangement concerned;',
            'seek an injunction or other court order to stop a continuing breach.',
          ]}
        />
        <P>
          If we do not enforce a right straight away, we may still enforce it later. If a court finds any part of these
          Terms unenforceable, the rest of the Terms will continue to apply.
        </P>
      </>
    ),
  },
];
