import { Link } from '../../lib/router';
import { LegalList, LegalPageLayout, LegalSection, SupportContact } from './legal-page-layout';
import { useDocumentTitle } from '../../lib/document-title';

export function TermsPage() {
  useDocumentTitle('Terms and Conditions');
  return (
    <LegalPageLayout title="Terms and Conditions" lastUpdated="July 26, 2025">
      <p>
        These Terms and Conditions (the &ldquo;Terms&rdquo;) govern your use of the Wholesale Menus website and app (the &ldquo;Service&rdquo;), operated by Wholesale Menus, LLC, a
        limited liability company based in Michigan (&ldquo;we&rdquo;, &ldquo;us&rdquo;). By creating an account or using the Service, you agree to these Terms and to our{' '}
        <Link to="/privacy-policy" className="font-medium text-brand-700 underline underline-offset-2 hover:text-brand-800">
          Privacy Policy
        </Link>
        . If you do not agree, do not use the Service.
      </p>

      <LegalSection heading="1. Eligibility">
        <p>
          You must be at least 21 years old to use the Service. If you use the Service on behalf of a business, you confirm that you are authorized to bind that business to these
          Terms, and &ldquo;you&rdquo; includes that business.
        </p>
      </LegalSection>

      <LegalSection heading="2. Accounts">
        <p>
          You must give accurate, current information when you create an account and keep it up to date. You are responsible for keeping your password confidential and for
          everything that happens under your account. Tell us promptly if you believe your account has been used without your permission. We may refuse, suspend or disable accounts
          that break these Terms.
        </p>
      </LegalSection>

      <LegalSection heading="3. Usage and obligations">
        <p>The Service is a tool for licensed cannabis businesses. When you use it, you agree that:</p>
        <LegalList>
          <li>You and your business hold, and will keep, every license and permit the law requires for the activity you carry out.</li>
          <li>
            You will comply with all laws and regulations that apply to you, including the cannabis laws and regulations of your state, such as rules on licensing, testing,
            labeling, advertising and transfers between licensees.
          </li>
          <li>Product information, prices, test results and inventory you publish are accurate and not misleading.</li>
          <li>You will not use the Service to offer products to consumers, to anyone under 21, or across state lines where that is unlawful.</li>
          <li>You will not interfere with the Service, try to gain unauthorized access to it, scrape it, or use it to send spam or unlawful content.</li>
        </LegalList>
      </LegalSection>

      <LegalSection heading="4. Marketplace disclaimer">
        <p>
          The Service lets sellers publish menus and buyers view them. We are not a party to any transaction between sellers and buyers. We do not buy, sell, hold, transport or
          take possession of any product, and we do not verify licenses, product quality, test results, pricing or availability. Any agreement, payment, delivery or dispute is
          solely between the seller and the buyer, and each is responsible for confirming that the other is properly licensed.
        </p>
      </LegalSection>

      <LegalSection heading="5. Fees and payments">
        <LegalList>
          <li>
            Sellers use the Pro plan, which includes a 14-day free trial with no credit card required. After the trial, the Pro plan costs $39.99 per month, billed monthly in
            advance until canceled.
          </li>
          <li>Buyer accounts are free.</li>
          <li>
            Payments are processed by a third-party payment processor. By subscribing, you authorize it to charge your payment method for the recurring fee. We do not receive or
            store full card numbers.
          </li>
          <li>
            You can cancel at any time; cancellation takes effect at the end of the current billing period. Fees already paid are not refundable except where the law requires.
          </li>
          <li>We may change prices with at least 30 days&rsquo; notice. A change applies from your next billing period after the notice.</li>
          <li>You are responsible for any taxes that apply to your subscription.</li>
        </LegalList>
      </LegalSection>

      <LegalSection heading="6. User content and intellectual property">
        <p>
          You keep ownership of the content you upload, such as product descriptions, photos, logos and menus (&ldquo;User Content&rdquo;). You grant us a worldwide, non-exclusive,
          royalty-free license to host, store, copy, display and transmit your User Content only as needed to run the Service, including showing your shared menus to anyone with
          the link. You confirm that you have the rights to the User Content you upload and that it does not infringe anyone else&rsquo;s rights.
        </p>
        <p>
          The Service itself, including its software, design, text and trademarks, belongs to us and our licensors. You may not copy, modify, resell or reverse engineer it, except
          as the law expressly allows.
        </p>
      </LegalSection>

      <LegalSection heading="7. Disclaimers">
        <p>
          The Service is provided &ldquo;as is&rdquo; and &ldquo;as available&rdquo;. To the fullest extent the law permits, we disclaim all warranties, express or implied,
          including warranties of merchantability, fitness for a particular purpose and non-infringement. We do not promise that the Service will be uninterrupted, error-free or
          that data stored on your device for offline use will always sync. Nothing in the Service is legal, tax or compliance advice.
        </p>
      </LegalSection>

      <LegalSection heading="8. Limitation of liability">
        <p>
          To the fullest extent the law permits, we will not be liable for any indirect, incidental, special, consequential or punitive damages, or for lost profits, revenue, data
          or business opportunities, arising from your use of the Service or any transaction between users. Our total liability for any claim relating to the Service is limited to
          the greater of the amount you paid us in the 12 months before the claim arose and one hundred US dollars ($100).
        </p>
      </LegalSection>

      <LegalSection heading="9. Indemnification">
        <p>
          You agree to defend, indemnify and hold harmless Wholesale Menus, LLC and its members, officers, employees and agents from any claims, damages, losses and expenses,
          including reasonable attorneys&rsquo; fees, arising from your use of the Service, your User Content, your transactions with other users, or your breach of these Terms or
          of any law.
        </p>
      </LegalSection>

      <LegalSection heading="10. Termination">
        <p>
          You may stop using the Service and close your account at any time. We may suspend or end your access if you break these Terms, if the law requires it, or if continuing
          would expose us or other users to harm. When your account ends, your shared menu links stop working. Sections 4 and 6 to 11 survive termination.
        </p>
      </LegalSection>

      <LegalSection heading="11. Governing law">
        <p>
          These Terms are governed by the laws of the State of Michigan, without regard to its conflict-of-law rules. Any dispute arising from these Terms or the Service will be
          brought exclusively in the state or federal courts located in Michigan, and you consent to their jurisdiction.
        </p>
      </LegalSection>

      <LegalSection heading="12. Contact">
        <p>
          Questions about these Terms can be sent to <SupportContact />. We may update these Terms from time to time; when we do, we will change the date above, and continuing to
          use the Service after an update means you accept the new Terms.
        </p>
      </LegalSection>
    </LegalPageLayout>
  );
}
