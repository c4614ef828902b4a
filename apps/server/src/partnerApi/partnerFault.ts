/**
 * The partner API's errors, as its definition says ("All returned errors are xml"): the WCF REST
 * fault its published clients parse — `Reason/Text` and `Detail/ServiceException/Message`; one of
 * them fails on any other shape. `IssueToken` is the request's id, so a partner's report of a
 * fault finds its log line.
 */
export interface PartnerFault {
  status: number;
  message: string;
  isSessionExpired: boolean;
  issueToken: string;
}

// Characters XML 1.0 cannot carry at all (C0 controls but tab, newline and return; lone surrogates; U+FFFE/F).
// eslint-disable-next-line no-control-regex
const NOT_XML = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;
const ENTITIES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' };

/** Text as XML character data: escaped, and what XML cannot hold replaced by U+FFFD. */
export function xmlText(text: string): string {
  return text.replace(NOT_XML, '\uFFFD').replace(/[&<>"']/g, (char) => ENTITIES[char]!);
}

export function partnerFaultXml({ status, message, isSessionExpired, issueToken }: PartnerFault): string {
  // SOAP 1.2's codes: the caller's request was at fault (4xx), or the service (5xx).
  const code = status >= 500 ? 'Receiver' : 'Sender';
  const text = xmlText(message);
  return (
    '<Fault xmlns="http://schemas.microsoft.com/ws/2005/05/envelope/none">' +
    `<Code><Value>${code}</Value></Code>` +
    `<Reason><Text xml:lang="en-US">${text}</Text></Reason>` +
    '<Detail><ServiceException xmlns="http://schemas.datacontract.org/2004/07/Nervogrid.Platform.API" xmlns:i="http://www.w3.org/2001/XMLSchema-instance">' +
    `<IsSessionExpired>${isSessionExpired}</IsSessionExpired>` +
    `<IssueToken>${xmlText(issueToken)}</IssueToken>` +
    `<Message>${text}</Message>` +
    '</ServiceException></Detail>' +
    '</Fault>'
  );
}
