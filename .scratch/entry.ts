import { ISSUE_TEXTS, ISSUE_STATUS_LABELS, isReportablePageUrl } from '../contract/issues';
console.log(ISSUE_TEXTS.submitted, ISSUE_STATUS_LABELS, isReportablePageUrl('/x'));
