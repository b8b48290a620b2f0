/**
 * The pages whose words are written in their routes rather than kept by staff: their title and description,
 * read by each route's meta tags and by site search (app/search/documents.server.ts).
 */
import { href } from "react-router";

export interface FixedPage {
  path: string;
  title: string;
  description: string;
}

export const FIXED_PAGES = {
  communities: {
    path: href("/communities"),
    title: "Common Bond Communities",
    description: "The 22 communities of our alliance: who they are, where they live and the persecution they face.",
  },
  partners: {
    path: href("/partners"),
    title: "Our Partners",
    description: "The organizations that work alongside our alliance of persecuted communities.",
  },
  donate: {
    path: href("/donate"),
    title: "Support Our Mission",
    description: "Your generous donation helps us unite, support, and advocate for our Common Bond Communities.",
  },
  joinUs: {
    path: href("/join-us"),
    title: "Join Us",
    description: "Volunteer with our alliance of persecuted communities: tell us how you would like to help.",
  },
  contact: {
    path: href("/contact"),
    title: "Contact Us",
    description: "Send a message to our alliance of persecuted communities. We read every message and reply as soon as we can.",
  },
} as const satisfies Record<string, FixedPage>;
