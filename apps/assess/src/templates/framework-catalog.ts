import { Injectable } from '@nestjs/common';
import { type Framework, FRAMEWORKS } from '@governance/frameworks';
import { type CompiledFramework, compileFramework } from '../engine';
import { type TemplateResponse } from './template.dto';

type CatalogEntry = { framework: Framework; compiled: CompiledFramework };

/** The frameworks, each compiled once when the service starts rather than on every assessment. */
@Injectable()
export class FrameworkCatalog {
  private readonly entries = new Map<string, CatalogEntry>(
    FRAMEWORKS.map((framework) => [framework.key, { framework, compiled: compileFramework(framework) }]),
  );

  find(key: string): CatalogEntry | undefined {
    return this.entries.get(key);
  }

  /** A template's id is the framework key itself (`EU_AI_ACT`), the value POST /document takes as `framework`. */
  templates(): TemplateResponse[] {
    return FRAMEWORKS.map(({ key, name, version, controls, description }) => ({
      id: key,
      key,
      name,
      version,
      control_count: controls.length,
      description,
    }));
  }
}
