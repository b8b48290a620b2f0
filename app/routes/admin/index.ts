import { redirect } from "react-router";
import { HOME } from "~/staff/sign-in.server";

export const loader = () => redirect(HOME);
