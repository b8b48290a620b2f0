import { type RouteConfig, index, route } from "@react-router/dev/routes";

/** The route table of SPEC §2, by hand so it reads like the spec. */
export default [
  index("routes/home.tsx"),
  route("about", "routes/about.tsx"),
  route("team/board-of-directors", "routes/team.board.tsx", { id: "board-of-directors" }),
  route("team/director/:id", "routes/team.member.tsx", { id: "director" }),
  route("team/board-of-advisors", "routes/team.board.tsx", { id: "board-of-advisors" }),
  route("team/advisor/:id", "routes/team.member.tsx", { id: "advisor" }),
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
  route("api/:name", "routes/submission-endpoint.ts", { id: "api" }),
  // Where the original front end's backend client library sends the same calls.
  route("functions/v1/:name", "routes/submission-endpoint.ts", { id: "functions" }),
  route("*", "routes/not-found.tsx"),
] satisfies RouteConfig;
