import { type RouteConfig, index, route } from "@react-router/dev/routes";

/** The route table of SPEC §2, by hand so it reads like the spec. */
export default [
  index("routes/home.tsx"),
  route("about", "routes/about.tsx"),
  route("team/board-of-directors", "routes/team.board-of-directors.tsx"),
  route("team/director/:id", "routes/team.director.$id.tsx"),
  route("team/board-of-advisors", "routes/team.board-of-advisors.tsx"),
  route("team/advisor/:id", "routes/team.advisor.$id.tsx"),
  route("communities", "routes/communities._index.tsx"),
  route("communities/:community", "routes/communities.$community.tsx"),
  route("ideology/:section", "routes/ideology.$section.tsx"),
  route("partners", "routes/partners.tsx"),
  route("join-us", "routes/join-us.tsx"),
  route("donate", "routes/donate.tsx"),
  route("contact", "routes/contact.tsx"),
  route("privacy-policy", "routes/legal.tsx", { id: "privacy-policy" }),
  route("terms-of-use", "routes/legal.tsx", { id: "terms-of-use" }),
  route("sitemap.xml", "routes/sitemap[.]xml.ts"),
  route("api/submit-contact-form", "routes/api.submit-contact-form.ts"),
  route("api/submit-join-us-form", "routes/api.submit-join-us-form.ts"),
  route("*", "routes/not-found.tsx"),
] satisfies RouteConfig;
