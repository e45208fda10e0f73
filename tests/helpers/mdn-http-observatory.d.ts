// The part of Mozilla's HTTP Observatory scanner the tests use (its README, "Running a simple scan"); the package
// ships JSDoc, not declarations.
declare module "@mdn/mdn-http-observatory" {
  export interface ObservatoryTest {
    pass: boolean;
    result: string;
    expectation: string;
    scoreModifier: number;
    scoreDescription?: string;
  }
  export interface ObservatoryResult {
    scan: {
      algorithmVersion: number;
      grade: string;
      error: string | null;
      score: number;
      statusCode: number;
      testsFailed: number;
      testsPassed: number;
      testsQuantity: number;
      responseHeaders?: Record<string, string>;
    };
    tests: Record<string, ObservatoryTest>;
  }
  export function scan(hostname: string): Promise<ObservatoryResult>;
}
