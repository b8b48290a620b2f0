import { SearchForm } from "~/components/search/SearchForm";
import { LineIcon } from "~/components/ui/LineIcon";
import type { ReactNode } from "react";
import { useLocation } from "react-router";
import { useText } from "~/i18n/text";
import type { LayoutData } from "./layout-data.server";
import { SocialIcon } from "./SocialIcon";
import { isCurrent, navModel, type NavGroup, type NavLinkItem } from "./nav-model";

function NavItemLink({ item, pathname, className }: { item: NavLinkItem; pathname: string; className: string }) {
  return (
    <a href={item.to} className={className} aria-current={isCurrent(pathname, item.to) ? "page" : undefined}>
      {/* English inside a right-to-left menu: its own direction, so "Christians (Various)" keeps its brackets. */}
      {item.lang ? (
        <span lang={item.lang} dir="ltr">
          {item.label}
        </span>
      ) : (
        item.label
      )}
    </a>
  );
}

function DesktopGroup({ group, pathname }: { group: NavGroup; pathname: string }) {
  const active = group.items.some((i) => isCurrent(pathname, i.to)) || pathname.startsWith(`/${group.id}`);
  const many = group.items.length > 12;
  return (
    <li>
      <details className="nav-dropdown relative" data-nav-dropdown>
        <summary className={`nav-link cursor-pointer list-none ${active ? "nav-link-active" : ""}`}>
          {group.label}
          <svg aria-hidden="true" viewBox="0 0 20 20" className="nav-caret ms-1 inline size-4" fill="currentColor">
            <path d="M5.3 7.3a1 1 0 0 1 1.4 0L10 10.6l3.3-3.3a1 1 0 1 1 1.4 1.4l-4 4a1 1 0 0 1-1.4 0l-4-4a1 1 0 0 1 0-1.4Z" />
          </svg>
        </summary>
        <div
          className={`absolute end-0 top-full z-30 mt-2 rounded-lg border border-sand-200 bg-white p-2 shadow-xl ${many ? "w-[34rem]" : "w-72"}`}
        >
          <ul className={`overflow-y-auto ${many ? "grid max-h-96 grid-cols-2 gap-x-2" : "max-h-96"}`}>
            {group.items.map((item) => (
              <li key={item.to}>
                <NavItemLink item={item} pathname={pathname} className="menu-link" />
              </li>
            ))}
          </ul>
        </div>
      </details>
    </li>
  );
}

export function SiteHeader({ data, languages }: { data: LayoutData; languages: ReactNode }) {
  const { pathname } = useLocation();
  const { t, local } = useText();
  const nav = navModel(data, t, local);
  return (
    <header className="relative z-20">
      <div className="bg-navy-900 text-sand-50">
        <div className="mx-auto flex max-w-7xl flex-wrap items-center justify-between gap-x-4 gap-y-1 px-4 py-1.5 text-sm">
          <ul className="flex items-center gap-1" aria-label={t("layout.followUs")}>
            {data.social.map((s) => (
              <li key={s.name}>
                <a
                  href={s.url}
                  target="_blank"
                  rel="noopener noreferrer"
                  className="inline-flex size-9 items-center justify-center rounded-full hover:bg-navy-700 focus-visible:bg-navy-700"
                >
                  <SocialIcon name={s.name} className="size-4" />
                  <span className="sr-only">{t("layout.opensInNewTab", { name: s.name })}</span>
                </a>
              </li>
            ))}
          </ul>
          <div className="order-last w-full pb-1 sm:order-none sm:w-auto sm:pb-0">
            <SearchForm landmark={t("search.landmark.header")} id="site-search-q" compact />
          </div>
          <div className="flex items-center gap-3">
            <p>
              {t("layout.contactUs")}{" "}
              <a href={`mailto:${data.email}`} dir="ltr" className="underline decoration-gold-400 underline-offset-4 hover:text-white">
                {data.email}
              </a>
            </p>
            {languages}
          </div>
        </div>
      </div>
      <div className="border-b border-sand-200 bg-white">
        <div className="mx-auto flex max-w-7xl items-center justify-between gap-4 px-4 py-3">
          <a href={local("/")} className="flex min-w-0 items-center gap-2 font-serif text-base font-bold text-navy-900 sm:text-lg">
            <svg aria-hidden="true" viewBox="0 0 40 28" className="h-7 w-10 shrink-0">
              <circle cx="12" cy="14" r="10" fill="none" stroke="#1f3a66" strokeWidth="3" />
              <circle cx="20" cy="14" r="10" fill="none" stroke="#b7862a" strokeWidth="3" />
              <circle cx="28" cy="14" r="10" fill="none" stroke="#1f3a66" strokeWidth="3" />
            </svg>
            {/* Between 1280 and 1536 px the full navigation needs the room; the name stays for screen readers. */}
            <span className="leading-tight sm:whitespace-nowrap xl:sr-only 2xl:not-sr-only">{data.organization}</span>
          </a>
          <nav aria-label={t("layout.mainNav")} className="hidden xl:block">
            {/* Longer labels (a language's, or staff's) take a second line rather than run off the page. */}
            <ul className="flex flex-wrap items-center justify-end gap-1">
              {nav.before.map((item) => (
                <li key={item.to}>
                  <NavItemLink item={item} pathname={pathname} className="nav-link" />
                </li>
              ))}
              {nav.groups.map((g) => (
                <DesktopGroup key={g.id} group={g} pathname={pathname} />
              ))}
              {nav.after.map((item) => (
                <li key={item.to}>
                  <NavItemLink item={item} pathname={pathname} className="nav-link" />
                </li>
              ))}
              <li className="ms-2">
                <NavItemLink item={nav.donate} pathname={pathname} className="btn-donate" />
              </li>
            </ul>
          </nav>
          <div className="flex shrink-0 items-center gap-2 xl:hidden">
            <NavItemLink item={nav.donate} pathname={pathname} className="btn-donate" />
            <button type="button" popoverTarget="site-drawer" className="btn-menu" aria-label={t("layout.menu")}>
              <LineIcon name="menu" className="size-6" />
            </button>
          </div>
        </div>
      </div>
      <MobileDrawer nav={nav} pathname={pathname} />
    </header>
  );
}

/** The phone's drawer: the same navigation as the desktop bar, made once by SiteHeader. */
function MobileDrawer({ nav, pathname }: { nav: ReturnType<typeof navModel>; pathname: string }) {
  const { t } = useText();
  return (
    <div id="site-drawer" popover="auto" className="drawer">
      <div className="flex items-center justify-between border-b border-sand-200 px-4 py-3">
        <p className="font-serif text-lg font-bold text-navy-900">{t("layout.menu")}</p>
        <button
          type="button"
          popoverTarget="site-drawer"
          popoverTargetAction="hide"
          className="btn-menu"
          aria-label={t("layout.closeMenu")}
        >
          <LineIcon name="close" className="size-6" />
        </button>
      </div>
      <nav aria-label={t("layout.mainNavPhone")} className="px-2 py-2">
        <ul>
          {nav.before.map((item) => (
            <li key={item.to}>
              <NavItemLink item={item} pathname={pathname} className="drawer-link" />
            </li>
          ))}
          {nav.groups.map((g) => {
            const active = g.items.some((i) => isCurrent(pathname, i.to));
            return (
              <li key={g.id}>
                {/* Same name: opening one group closes the others (a native single-open accordion). */}
                <details name="drawer-groups" open={active || undefined} className="drawer-group">
                  <summary className={`drawer-link cursor-pointer list-none ${active ? "nav-link-active" : ""}`}>
                    {g.label}
                    <svg aria-hidden="true" viewBox="0 0 20 20" className="nav-caret size-5" fill="currentColor">
                      <path d="M5.3 7.3a1 1 0 0 1 1.4 0L10 10.6l3.3-3.3a1 1 0 1 1 1.4 1.4l-4 4a1 1 0 0 1-1.4 0l-4-4a1 1 0 0 1 0-1.4Z" />
                    </svg>
                  </summary>
                  <ul
                    className={`ms-3 border-s-2 border-sand-200 ps-2 ${g.items.length > 12 ? "max-h-96 overflow-y-auto" : "max-h-48 overflow-y-auto"}`}
                  >
                    {g.items.map((item) => (
                      <li key={item.to}>
                        <NavItemLink item={item} pathname={pathname} className="drawer-sublink" />
                      </li>
                    ))}
                  </ul>
                </details>
              </li>
            );
          })}
          {nav.after.map((item) => (
            <li key={item.to}>
              <NavItemLink item={item} pathname={pathname} className="drawer-link" />
            </li>
          ))}
          <li className="mt-3 px-2">
            <NavItemLink item={nav.donate} pathname={pathname} className="btn-donate block text-center" />
          </li>
        </ul>
      </nav>
    </div>
  );
}
