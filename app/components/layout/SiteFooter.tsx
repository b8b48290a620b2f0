import { href } from "react-router";
import type { LayoutData } from "./layout-data.server";

export function SiteFooter({ data }: { data: LayoutData }) {
  return (
    <footer className="mt-auto bg-navy-900 text-sand-100">
      <div className="mx-auto flex max-w-7xl flex-col gap-4 px-4 py-8 text-sm sm:flex-row sm:items-center sm:justify-between">
        <p>
          © {data.copyrightYear} {data.organization}. All rights reserved.
        </p>
        <nav aria-label="Legal">
          <ul className="flex gap-6">
            <li>
              <a href={href("/terms-of-use")} className="underline-offset-4 hover:underline">
                Terms of Use
              </a>
            </li>
            <li>
              <a href={href("/privacy-policy")} className="underline-offset-4 hover:underline">
                Privacy Policy
              </a>
            </li>
          </ul>
        </nav>
      </div>
    </footer>
  );
}
