import { createContext, useContext } from "react";

const NonceContext = createContext<string | undefined>(undefined);
export const NonceProvider = NonceContext.Provider;
/** The request's CSP nonce on the server; undefined in the browser, where it is no longer needed. */
export const useNonce = () => useContext(NonceContext);
