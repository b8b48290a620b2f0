import { href } from "react-router";
import { useText } from "~/i18n/text";
import type { LayoutData } from "./layout-data.server";

export function SiteFooter({ data }: { data: LayoutData }) {
  const { t, number, local } = useText();
  return (
    <footer className="mt-auto bg-navy-900 text-sand-100">
      <div className="mx-auto flex max-w-7xl flex-col gap-4 px-4 py-8 text-sm sm:flex-row sm:items-center sm:justify-between">
        <p>{t("footer.rights", { year: number(data.copyrightYear, { useGrouping: false }), organization: data.organization })}</p>
        <nav aria-label={t("footer.legal")}>
          <ul className="flex gap-6">
            <li>
              <a href={local(href("/terms-of-use"))} className="underline-offset-4 hover:underline">
                {t("footer.termsOfUse")}
              </a>
            </li>
            <li>
              <a href={local(href("/privacy-policy"))} className="underline-offset-4 hover:underline">
                {t("footer.privacyPolicy")}
              </a>
            </li>
          </ul>
        </nav>
      </div>
    </footer>
  );
}
