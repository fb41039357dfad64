import { LegalList, LegalPageLayout, LegalSection, SupportContact } from './legal-page-layout';
import { useDocumentTitle } from '../../lib/document-title';

export function PrivacyPolicyPage() {
  useDocumentTitle('Privacy Policy');
  return (
    <LegalPageLayout title="Privacy Policy" lastUpdated="July 26, 2025">
      <p>
        Wholesale Menus is operated by Wholesale Menus, LLC, a limited liability company based in Michigan (&ldquo;we&rdquo;, &ldquo;us&rdquo;). This policy explains what
        information we collect when you use the Wholesale Menus website and app (the &ldquo;Service&rdquo;), how we use and share it, and the choices you have.
      </p>

      <LegalSection heading="Age restriction">
        <p>
          The Service is intended only for people aged 21 or older who act on behalf of licensed cannabis businesses. By using the Service you confirm that you are at least 21.
        </p>
        <p>
          We do not knowingly collect personal information from children under 13. If we learn that we have collected information from a child under 13, or from anyone under 21, we
          will delete the account and the information associated with it.
        </p>
      </LegalSection>

      <LegalSection heading="Information we collect">
        <LegalList>
          <li>
            <strong className="font-semibold text-stone-900">Account information:</strong> your name, email address, password (stored only as a one-way hash), role (seller or
            buyer) and an optional profile photo.
          </li>
          <li>
            <strong className="font-semibold text-stone-900">Business information:</strong> business or company name, business type, license number, address, phone number and other
            contact details you choose to add to your profile.
          </li>
          <li>
            <strong className="font-semibold text-stone-900">Content you create:</strong> products, prices, inventory levels, photos, menus and the menus you save as a buyer.
          </li>
          <li>
            <strong className="font-semibold text-stone-900">Usage information:</strong> views of shared menus, the pages and features you use, and technical details such as
            browser type, device type, IP address and error logs.
          </li>
          <li>
            <strong className="font-semibold text-stone-900">Subscription information:</strong> your plan, trial dates and subscription status. Card details go directly to our
            payment processor, not to us.
          </li>
        </LegalList>
      </LegalSection>

      <LegalSection heading="Cookies and local storage">
        <p>
          The Service is built to keep working without a network connection. To do that, it stores data on your device: your sign-in session and profile in your browser&rsquo;s
          local storage, your products, menus and pending changes in the browser&rsquo;s database, and the app&rsquo;s own files in its offline cache. This data stays on your
          device until it is sent to our servers or removed.
        </p>
        <p>
          We use these technologies only to keep you signed in, run the Service offline and sync your changes. We do not use advertising or cross-site tracking cookies. Signing out
          removes your session from the device, and clearing your browser&rsquo;s site data for the Service removes everything else it stored. If you block storage, parts of the
          Service, including offline use, will not work.
        </p>
      </LegalSection>

      <LegalSection heading="How we use information">
        <LegalList>
          <li>To create and run your account and provide the features you use, such as building, sharing and saving menus.</li>
          <li>To show sellers analytics about how their shared menus are viewed.</li>
          <li>To process your subscription, free trial and billing.</li>
          <li>To respond to support requests and send service messages, such as account and billing notices.</li>
          <li>To keep the Service secure, prevent fraud and abuse, and fix problems.</li>
          <li>To comply with legal obligations and enforce our Terms and Conditions.</li>
        </LegalList>
      </LegalSection>

      <LegalSection heading="How we share information">
        <p>We do not sell your personal information. We share it only as follows:</p>
        <LegalList>
          <li>
            <strong className="font-semibold text-stone-900">Payment processor:</strong> subscription payments are handled by a third-party payment processor, which collects and
            stores your card data under its own privacy policy. We never see or store full card numbers.
          </li>
          <li>
            <strong className="font-semibold text-stone-900">Shared menus:</strong> when a seller shares a menu link, anyone with the link can see that menu and the business
            details shown on it.
          </li>
          <li>
            <strong className="font-semibold text-stone-900">Service providers:</strong> companies that host our servers, store data or send email for us, bound to use the
            information only to provide those services.
          </li>
          <li>
            <strong className="font-semibold text-stone-900">Legal reasons:</strong> when required by law, regulation or legal process, or to protect the rights, safety and
            property of our users, the public or us.
          </li>
          <li>
            <strong className="font-semibold text-stone-900">Business transfers:</strong> as part of a merger, acquisition or sale of assets, in which case this policy will
            continue to apply to your information.
          </li>
        </LegalList>
      </LegalSection>

      <LegalSection heading="Your rights">
        <p>
          You can view and update most of your information on your profile page at any time. You may also ask us to give you a copy of your personal information, correct it, delete
          your account and its data, or stop processing it for a particular purpose. Some information may need to be kept for a limited time to meet legal, tax or accounting
          obligations.
        </p>
        <p>
          To make a request, email us from the address on your account. We will respond within the time the law requires and will not treat you differently for exercising these
          rights.
        </p>
      </LegalSection>

      <LegalSection heading="Contact us">
        <p>
          Questions about this policy or your information can be sent to <SupportContact />. If we make material changes to this policy, we will update the date above and let
          account holders know by email or in the app.
        </p>
      </LegalSection>
    </LegalPageLayout>
  );
}
