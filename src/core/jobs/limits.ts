// The request rules the steps of Start Crawl and Batch Scrape check as the person types, from the
// client's own rules (../api/job-fields), so the features need not reach into the API folder.
export { MAX_BATCH_URLS, MAX_CRAWL_LIMIT, pathPatternProblem } from '../api/job-fields';
