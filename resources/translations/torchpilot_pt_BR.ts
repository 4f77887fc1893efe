<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="pt_BR" sourcelanguage="en">
<context>
    <name>Cli</name>
    <message>
        <source>SQLite database file (default: %1).</source>
        <translation>Arquivo do banco de dados SQLite (padrão: %1).</translation>
    </message>
    <message>
        <source>path</source>
        <translation>caminho</translation>
    </message>
    <message>
        <source>torchpilot: error: %1</source>
        <translation>torchpilot: erro: %1</translation>
    </message>
    <message>
        <source>Workload (default mlp).</source>
        <translation>Carga de trabalho (padrão: mlp).</translation>
    </message>
    <message>
        <source>name</source>
        <translation>nome</translation>
    </message>
    <message>
        <source>Modes, comma separated; one process each (default eager,compiled).</source>
        <translation>Modos, separados por vírgula; um processo para cada (padrão: eager,compiled).</translation>
    </message>
    <message>
        <source>list</source>
        <translation>lista</translation>
    </message>
    <message>
        <source>Dtypes, comma separated (default float32,bfloat16).</source>
        <translation>Dtypes, separados por vírgula (padrão: float32,bfloat16).</translation>
    </message>
    <message>
        <source>Minimum warmup iterations (default 20, or the preset&apos;s).</source>
        <translation>Mínimo de iterações de aquecimento (padrão: 20, ou o do preset).</translation>
    </message>
    <message>
        <source>n</source>
        <translation>n</translation>
    </message>
    <message>
        <source>Minimum steady-state iterations (default 500, or the preset&apos;s).</source>
        <translation>Mínimo de iterações em regime estável (padrão: 500, ou o do preset).</translation>
    </message>
    <message>
        <source>Protocol preset of the runner: smoke, standard, loadgen.</source>
        <translation>Preset de protocolo do runner: smoke, standard, loadgen.</translation>
    </message>
    <message>
        <source>Shape catalog JSON; every case is measured.</source>
        <translation>Catálogo de formatos em JSON; todos os casos são medidos.</translation>
    </message>
    <message>
        <source>file</source>
        <translation>arquivo</translation>
    </message>
    <message>
        <source>Sequence length (encoder workloads).</source>
        <translation>Comprimento da sequência (cargas de trabalho encoder).</translation>
    </message>
    <message>
        <source>Seconds after which a run ends with status timeout.</source>
        <translation>Segundos após os quais uma execução termina com status timeout.</translation>
    </message>
    <message>
        <source>s</source>
        <translation>s</translation>
    </message>
    <message>
        <source>Training: report the time to reach this loss.</source>
        <translation>Treino: informa o tempo até atingir esta loss.</translation>
    </message>
    <message>
        <source>x</source>
        <translation>x</translation>
    </message>
    <message>
        <source>TorchScript file (workload torchscript).</source>
        <translation>Arquivo TorchScript (carga de trabalho torchscript).</translation>
    </message>
    <message>
        <source>TorchScript inputs, e.g. float32[64,128].</source>
        <translation>Entradas do TorchScript, p. ex. float32[64,128].</translation>
    </message>
    <message>
        <source>spec</source>
        <translation>espec</translation>
    </message>
    <message>
        <source>Intra-op threads.</source>
        <translation>Threads intra-op.</translation>
    </message>
    <message>
        <source>Batch size.</source>
        <translation>Tamanho do lote.</translation>
    </message>
    <message>
        <source>Prefix of the run keys (default pilot-&lt;time&gt;).</source>
        <translation>Prefixo das chaves de execução (padrão: pilot-&lt;hora&gt;).</translation>
    </message>
    <message>
        <source>key</source>
        <translation>chave</translation>
    </message>
    <message>
        <source>Path of torchpilot-runner.</source>
        <translation>Caminho do torchpilot-runner.</translation>
    </message>
    <message>
        <source>torchpilot: error: --%1 must be a positive integer</source>
        <translation>torchpilot: erro: --%1 deve ser um inteiro positivo</translation>
    </message>
    <message>
        <source>%1: ok — steady %2/batch (p50 %3, p99 %4), %5 samples/s, first call %6 [run %7]</source>
        <translation>%1: ok — regime estável %2/lote (p50 %3, p99 %4), %5 amostras/s, primeira chamada %6 [execução %7]</translation>
    </message>
    <message>
        <source>%1: %2 — %3%4</source>
        <translation>%1: %2 — %3%4</translation>
    </message>
    <message>
        <source> [run %1]</source>
        <translation> [execução %1]</translation>
    </message>
    <message>
        <source>Import run streams (.jsonl) or smoke.py results into the database.</source>
        <translation>Importa fluxos de execução (.jsonl) ou resultados do smoke.py para o banco de dados.</translation>
    </message>
    <message>
        <source>Files to import.</source>
        <translation>Arquivos a importar.</translation>
    </message>
    <message>
        <source>FILE…</source>
        <translation>ARQUIVO…</translation>
    </message>
    <message>
        <source>torchpilot: error: import needs at least one FILE</source>
        <translation>torchpilot: erro: import precisa de pelo menos um ARQUIVO</translation>
    </message>
    <message numerus="yes">
        <source>%1: %n run(s), %2 new sample(s), %3 already stored</source>
        <translation>
            <numerusform>%1: %n execução, %2 amostra(s) nova(s), %3 já armazenada(s)</numerusform>
            <numerusform>%1: %n execuções, %2 amostra(s) nova(s), %3 já armazenada(s)</numerusform>
        </translation>
    </message>
    <message>
        <source>%1: warning: %2</source>
        <translation>%1: aviso: %2</translation>
    </message>
    <message numerus="yes">
        <source>%n run(s) stored in %1</source>
        <translation>
            <numerusform>%n execução armazenada em %1</numerusform>
            <numerusform>%n execuções armazenadas em %1</numerusform>
        </translation>
    </message>
    <message>
        <source>Run benchmark processes (one per mode and dtype) and store them.</source>
        <translation>Roda processos de benchmark (um por modo e dtype) e os armazena.</translation>
    </message>
    <message>
        <source>Run the article&apos;s pilot suite, store it, open the dashboard.</source>
        <translation>Roda a suíte piloto do artigo, armazena os resultados e abre o painel.</translation>
    </message>
    <message>
        <source>No display available (DISPLAY and WAYLAND_DISPLAY are unset): not opening the dashboard. Open it later with: torchpilot --db %1</source>
        <translation>Nenhuma tela disponível (DISPLAY e WAYLAND_DISPLAY não estão definidas): o painel não será aberto. Abra-o depois com: torchpilot --db %1</translation>
    </message>
</context>
<context>
    <name>Fmt</name>
    <message>
        <source>s</source>
        <translation>s</translation>
    </message>
    <message>
        <source>ms</source>
        <translation>ms</translation>
    </message>
    <message>
        <source>µs</source>
        <translation>µs</translation>
    </message>
    <message>
        <source>ns</source>
        <translation>ns</translation>
    </message>
    <message>
        <source>%1 %2</source>
        <translation>%1 %2</translation>
    </message>
    <message>
        <source>ok</source>
        <translation>ok</translation>
    </message>
    <message>
        <source>failed</source>
        <translation>falhou</translation>
    </message>
    <message>
        <source>timeout</source>
        <translation>tempo esgotado</translation>
    </message>
    <message>
        <source>cancelled</source>
        <translation>cancelada</translation>
    </message>
    <message>
        <source>running</source>
        <translation>em execução</translation>
    </message>
    <message>
        <source>incomplete</source>
        <translation>incompleta</translation>
    </message>
</context>
<context>
    <name>Gates</name>
    <message>
        <source>Evaluate the five approval gates. Exit status 0 only when the decision is &apos;migrate&apos;; 1 keep or inconclusive; 2 bad input.</source>
        <translation>Avalia os cinco portões de aprovação. Status de saída 0 só quando a decisão é &apos;migrar&apos;; 1 manter ou inconclusivo; 2 entrada inválida.</translation>
    </message>
    <message>
        <source>SQLite database file.</source>
        <translation>Arquivo do banco de dados SQLite.</translation>
    </message>
    <message>
        <source>path</source>
        <translation>caminho</translation>
    </message>
    <message>
        <source>Print the whole report as JSON.</source>
        <translation>Imprime o relatório completo em JSON.</translation>
    </message>
    <message>
        <source>Gate definitions JSON (default: the shipped one).</source>
        <translation>JSON com as definições dos portões (padrão: o que acompanha o programa).</translation>
    </message>
    <message>
        <source>file</source>
        <translation>arquivo</translation>
    </message>
    <message>
        <source>Cost presets JSON (default: the shipped examples).</source>
        <translation>JSON com os presets de custo (padrão: os exemplos que acompanham o programa).</translation>
    </message>
    <message>
        <source>Cost preset of the current path.</source>
        <translation>Preset de custo do caminho atual.</translation>
    </message>
    <message>
        <source>name</source>
        <translation>nome</translation>
    </message>
    <message>
        <source>Cost preset of the candidate.</source>
        <translation>Preset de custo do candidato.</translation>
    </message>
    <message>
        <source>The rollback path a reviewer recorded.</source>
        <translation>O caminho de rollback registrado por um revisor.</translation>
    </message>
    <message>
        <source>text</source>
        <translation>texto</translation>
    </message>
    <message>
        <source>torchpilot: error: %1</source>
        <translation>torchpilot: erro: %1</translation>
    </message>
    <message>
        <source> [runs %1]</source>
        <translation> [execuções %1]</translation>
    </message>
    <message numerus="yes">
        <source>Runs excluded as invalid evidence: %n</source>
        <translation>
            <numerusform>Execuções excluídas como evidência inválida: %n</numerusform>
            <numerusform>Execuções excluídas como evidência inválida: %n</numerusform>
        </translation>
    </message>
    <message>
        <source>Decision: %1</source>
        <translation>Decisão: %1</translation>
    </message>
    <message>
        <source>pass</source>
        <comment>gate verdict</comment>
        <translation>aprovado</translation>
    </message>
    <message>
        <source>fail</source>
        <comment>gate verdict</comment>
        <translation>reprovado</translation>
    </message>
    <message>
        <source>insufficient</source>
        <comment>gate verdict</comment>
        <translation>insuficiente</translation>
    </message>
    <message>
        <source>migrate</source>
        <comment>gate decision</comment>
        <translation>migrar</translation>
    </message>
    <message>
        <source>keep</source>
        <comment>gate decision: keep the current path</comment>
        <translation>manter o caminho atual</translation>
    </message>
    <message>
        <source>inconclusive</source>
        <comment>gate decision</comment>
        <translation>inconclusivo</translation>
    </message>
</context>
<context>
    <name>Gui</name>
    <message>
        <source>torchpilot: error: %1</source>
        <translation>torchpilot: erro: %1</translation>
    </message>
    <message>
        <source>TorchPilot</source>
        <translation>TorchPilot</translation>
    </message>
    <message>
        <source>torchpilot: error: unknown page &apos;%1&apos; (pages: %2)</source>
        <translation>torchpilot: erro: página desconhecida &apos;%1&apos; (páginas: %2)</translation>
    </message>
    <message>
        <source>torchpilot: error: cannot write screenshot &apos;%1&apos;</source>
        <translation>torchpilot: erro: não foi possível gravar a captura de tela &apos;%1&apos;</translation>
    </message>
    <message>
        <source>screenshot written to %1</source>
        <translation>captura de tela gravada em %1</translation>
    </message>
</context>
<context>
    <name>LaunchRequest</name>
    <message>
        <source>Choose at least one mode.</source>
        <translation>Escolha pelo menos um modo.</translation>
    </message>
    <message>
        <source>Choose at least one dtype.</source>
        <translation>Escolha pelo menos um dtype.</translation>
    </message>
    <message>
        <source>The TorchScript workload needs an existing model file.</source>
        <translation>A carga de trabalho TorchScript precisa de um arquivo de modelo existente.</translation>
    </message>
    <message>
        <source>Model inputs must look like float32[64,128] (several separated by &apos;;&apos;).</source>
        <translation>As entradas do modelo devem ter a forma float32[64,128] (várias, separadas por &apos;;&apos;).</translation>
    </message>
    <message>
        <source>The shape catalog file does not exist.</source>
        <translation>O arquivo do catálogo de formatos não existe.</translation>
    </message>
    <message>
        <source>Custom protocol: at least 1 steady iteration, no negative minimums.</source>
        <translation>Protocolo personalizado: pelo menos 1 iteração em regime estável, sem mínimos negativos.</translation>
    </message>
    <message>
        <source>Batch, sequence length and threads must be at least 1.</source>
        <translation>Lote, comprimento da sequência e threads devem ser pelo menos 1.</translation>
    </message>
    <message>
        <source>Only local runs are available for now.</source>
        <translation>Por enquanto, só execuções locais estão disponíveis.</translation>
    </message>
    <message>
        <source>The run key prefix may use letters, digits and . _ : @ / + - only (at most 120).</source>
        <translation>O prefixo da chave de execução só pode usar letras, dígitos e . _ : @ / + - (no máximo 120).</translation>
    </message>
</context>
<context>
    <name>Main</name>
    <message>
        <source>torchpilot: error: no display available (DISPLAY and WAYLAND_DISPLAY are unset). Use QT_QPA_PLATFORM=offscreen with --screenshot, or a headless subcommand: import, run, pilot.</source>
        <translation>torchpilot: erro: nenhuma tela disponível (DISPLAY e WAYLAND_DISPLAY não estão definidas). Use QT_QPA_PLATFORM=offscreen com --screenshot, ou um subcomando sem interface: import, run, pilot.</translation>
    </message>
    <message>
        <source>SQLite database file.</source>
        <translation>Arquivo do banco de dados SQLite.</translation>
    </message>
    <message>
        <source>path</source>
        <translation>caminho</translation>
    </message>
    <message>
        <source>Render the main window to a PNG and exit.</source>
        <translation>Renderiza a janela principal em um PNG e sai.</translation>
    </message>
    <message>
        <source>file</source>
        <translation>arquivo</translation>
    </message>
    <message>
        <source>Page to show first: runs, queue, panels, compare.</source>
        <translation>Página exibida primeiro: runs, queue, panels, compare.</translation>
    </message>
    <message>
        <source>name</source>
        <translation>nome</translation>
    </message>
    <message>
        <source>TorchPilot: measured evidence for moving a PyTorch workload from GPU to TPU.
Subcommands: import, run, pilot, gates (see &apos;torchpilot &lt;command&gt; --help&apos;).</source>
        <translation>TorchPilot: evidência medida para migrar uma carga de trabalho PyTorch de GPU para TPU.
Subcomandos: import, run, pilot, gates (veja &apos;torchpilot &lt;comando&gt; --help&apos;).</translation>
    </message>
</context>
<context>
    <name>tp::CacheStateChart</name>
    <message>
        <source>First call: cold vs warm cache</source>
        <translation>Primeira chamada: cache frio vs quente</translation>
    </message>
    <message>
        <source>%1 · %2 · %3</source>
        <translation>%1 · %2 · %3</translation>
    </message>
    <message>
        <source>First call: cold vs warm cache — no first call measured for %1</source>
        <translation>Primeira chamada: cache frio vs quente — nenhuma primeira chamada medida para %1</translation>
    </message>
    <message>
        <source>First call: cold process vs warm cache — %1 (median)</source>
        <translation>Primeira chamada: processo frio vs cache quente — %1 (mediana)</translation>
    </message>
    <message>
        <source>First call by cache state — %1 (median; no %2 runs yet)</source>
        <translation>Primeira chamada por estado do cache — %1 (mediana; ainda sem execuções %2)</translation>
    </message>
    <message>
        <source>cold</source>
        <translation>frio</translation>
    </message>
    <message>
        <source>warm</source>
        <translation>quente</translation>
    </message>
    <message>
        <source>first call, %1 (log)</source>
        <translation>primeira chamada, %1 (log)</translation>
    </message>
    <message>
        <source>%1 n=%2</source>
        <translation>%1 n=%2</translation>
    </message>
    <message>
        <source>unknown</source>
        <translation>desconhecido</translation>
    </message>
    <message>
        <source>%1&lt;br&gt;%2</source>
        <translation>%1&lt;br&gt;%2</translation>
    </message>
    <message>
        <source>cache state not reported</source>
        <translation>estado do cache não informado</translation>
    </message>
</context>
<context>
    <name>tp::ChartPanel</name>
    <message>
        <source>run</source>
        <translation>execução</translation>
    </message>
    <message>
        <source>%1 (%2)</source>
        <translation>%1 (%2)</translation>
    </message>
    <message>
        <source>%1 #%2</source>
        <translation>%1 nº %2</translation>
    </message>
</context>
<context>
    <name>tp::ChartsPage</name>
    <message>
        <source>Loading…</source>
        <translation>Carregando…</translation>
    </message>
    <message>
        <source>Histogram</source>
        <translation>Histograma</translation>
    </message>
    <message>
        <source>CDF</source>
        <translation>Acumulada (CDF)</translation>
    </message>
    <message>
        <source>How the latency distribution is drawn</source>
        <translation>Como a distribuição de latência é desenhada</translation>
    </message>
    <message>
        <source>Latency:</source>
        <translation>Latência:</translation>
    </message>
    <message>
        <source>Select a run on the Runs page to chart it with its siblings.</source>
        <translation>Selecione uma execução na página Execuções para vê-la no gráfico junto com as irmãs.</translation>
    </message>
    <message>
        <source>Cannot chart run %1: %2</source>
        <translation>Não foi possível gerar o gráfico da execução %1: %2</translation>
    </message>
    <message>
        <source>Charted: the selected run and the runs launched with the same run-key prefix (%1/…)</source>
        <translation>No gráfico: a execução selecionada e as execuções lançadas com o mesmo prefixo de chave (%1/…)</translation>
    </message>
    <message>
        <source>&lt;b&gt;%1&lt;/b&gt; — %2 runs in the selection; %3 comparable (%4 · %5 · %6)</source>
        <translation>&lt;b&gt;%1&lt;/b&gt; — %2 execuções na seleção; %3 comparáveis (%4 · %5 · %6)</translation>
    </message>
</context>
<context>
    <name>tp::ColdWarmChart</name>
    <message>
        <source>No run selected</source>
        <translation>Nenhuma execução selecionada</translation>
    </message>
    <message>
        <source>First&lt;br&gt;call</source>
        <translation>Primeira&lt;br&gt;chamada</translation>
    </message>
    <message>
        <source>Warmup&lt;br&gt;mean</source>
        <translation>Média do&lt;br&gt;aquecimento</translation>
    </message>
    <message>
        <source>Steady&lt;br&gt;mean</source>
        <translation>Média&lt;br&gt;estável</translation>
    </message>
    <message>
        <source>Steady&lt;br&gt;p50</source>
        <translation>p50&lt;br&gt;estável</translation>
    </message>
    <message>
        <source>Steady&lt;br&gt;p99</source>
        <translation>p99&lt;br&gt;estável</translation>
    </message>
    <message>
        <source>%1 — time per batch</source>
        <translation>%1 — tempo por lote</translation>
    </message>
    <message>
        <source>%1 — first call is %2× the steady mean</source>
        <translation>%1 — a primeira chamada é %2× a média estável</translation>
    </message>
    <message>
        <source>%1 — no timings recorded</source>
        <translation>%1 — nenhuma medição de tempo registrada</translation>
    </message>
    <message>
        <source>Cold (first call)</source>
        <translation>Frio (primeira chamada)</translation>
    </message>
    <message>
        <source>Warmup</source>
        <translation>Aquecimento</translation>
    </message>
    <message>
        <source>Steady state</source>
        <translation>Regime estável</translation>
    </message>
    <message>
        <source>&lt;center&gt;%1&lt;br&gt;&lt;b&gt;%2&lt;/b&gt;&lt;/center&gt;</source>
        <translation>&lt;center&gt;%1&lt;br&gt;&lt;b&gt;%2&lt;/b&gt;&lt;/center&gt;</translation>
    </message>
    <message>
        <source>time per batch (%1, log scale)</source>
        <translation>tempo por lote (%1, escala log)</translation>
    </message>
</context>
<context>
    <name>tp::CompareModel</name>
    <message>
        <source>Mean batch time</source>
        <translation>Tempo médio por lote</translation>
    </message>
    <message>
        <source>Median batch time</source>
        <translation>Tempo mediano por lote</translation>
    </message>
    <message>
        <source>p99 batch time</source>
        <translation>Tempo p99 por lote</translation>
    </message>
    <message>
        <source>Throughput (samples/s)</source>
        <translation>Vazão (amostras/s)</translation>
    </message>
    <message>
        <source>better</source>
        <translation>melhor</translation>
    </message>
    <message>
        <source>worse</source>
        <translation>pior</translation>
    </message>
    <message>
        <source>inconclusive</source>
        <translation>inconclusivo</translation>
    </message>
    <message>
        <source>no data</source>
        <translation>sem dados</translation>
    </message>
    <message>
        <source>Batch size</source>
        <translation>Tamanho do lote</translation>
    </message>
    <message>
        <source>Dtype</source>
        <translation>Dtype</translation>
    </message>
    <message>
        <source>Threads</source>
        <translation>Threads</translation>
    </message>
    <message>
        <source>PyTorch version</source>
        <translation>Versão do PyTorch</translation>
    </message>
    <message>
        <source>Runner version</source>
        <translation>Versão do runner</translation>
    </message>
    <message>
        <source>Device</source>
        <translation>Dispositivo</translation>
    </message>
    <message>
        <source>Mode</source>
        <translation>Modo</translation>
    </message>
    <message>
        <source>Workload</source>
        <translation>Carga de trabalho</translation>
    </message>
    <message>
        <source>Cache state</source>
        <translation>Estado do cache</translation>
    </message>
    <message>
        <source>BLAS</source>
        <translation>BLAS</translation>
    </message>
    <message>
        <source>CPU model</source>
        <translation>Modelo de CPU</translation>
    </message>
    <message>
        <source>%1 – %2</source>
        <translation>%1 – %2</translation>
    </message>
    <message>
        <source>Candidate / baseline: below 1 the candidate is faster</source>
        <translation>Candidato / referência: abaixo de 1, o candidato é mais rápido</translation>
    </message>
    <message>
        <source>Candidate / baseline: above 1 the candidate processes more samples per second</source>
        <translation>Candidato / referência: acima de 1, o candidato processa mais amostras por segundo</translation>
    </message>
    <message>
        <source>No interval: a side has fewer than two steady samples</source>
        <translation>Sem intervalo: um dos lados tem menos de duas amostras em regime estável</translation>
    </message>
    <message>
        <source>95 % percentile-bootstrap interval of the ratio (fixed seed, reproducible)</source>
        <translation>Intervalo bootstrap de percentis de 95 % da razão (semente fixa, reproduzível)</translation>
    </message>
    <message>
        <source>The interval contains 1: the evidence does not separate the two sides</source>
        <translation>O intervalo contém 1: a evidência não distingue os dois lados</translation>
    </message>
    <message>
        <source>Not enough steady samples on one side</source>
        <translation>Amostras em regime estável insuficientes em um dos lados</translation>
    </message>
    <message>
        <source>The whole interval lies on one side of 1</source>
        <translation>O intervalo inteiro fica de um lado de 1</translation>
    </message>
    <message>
        <source>Metric</source>
        <translation>Métrica</translation>
    </message>
    <message>
        <source>Baseline</source>
        <translation>Referência</translation>
    </message>
    <message>
        <source>Candidate</source>
        <translation>Candidato</translation>
    </message>
    <message>
        <source>Ratio</source>
        <translation>Razão</translation>
    </message>
    <message>
        <source>95 % CI</source>
        <translation>IC de 95 %</translation>
    </message>
    <message>
        <source>Verdict</source>
        <translation>Veredito</translation>
    </message>
</context>
<context>
    <name>tp::ComparePage</name>
    <message>
        <source>unknown</source>
        <translation>desconhecido</translation>
    </message>
    <message>
        <source>nothing in particular</source>
        <translation>nada em particular</translation>
    </message>
    <message>
        <source>Preset:</source>
        <translation>Preset:</translation>
    </message>
    <message>
        <source>Compared on purpose:</source>
        <translation>Comparado de propósito:</translation>
    </message>
    <message>
        <source>Baseline runs</source>
        <translation>Execuções de referência</translation>
    </message>
    <message>
        <source>Candidate runs</source>
        <translation>Execuções candidatas</translation>
    </message>
    <message>
        <source>Factor</source>
        <translation>Fator</translation>
    </message>
    <message>
        <source>Baseline</source>
        <translation>Referência</translation>
    </message>
    <message>
        <source>Candidate</source>
        <translation>Candidato</translation>
    </message>
    <message>
        <source>&lt;b&gt;Candidate / baseline&lt;/b&gt; (95 % bootstrap interval)</source>
        <translation>&lt;b&gt;Candidato / referência&lt;/b&gt; (intervalo bootstrap de 95 %)</translation>
    </message>
    <message>
        <source>&lt;b&gt;Confounders&lt;/b&gt; — amber: differs, not the compared axis</source>
        <translation>&lt;b&gt;Fatores de confusão&lt;/b&gt; — âmbar: difere, não é o eixo comparado</translation>
    </message>
    <message>
        <source>Cannot read the runs: %1</source>
        <translation>Não foi possível ler as execuções: %1</translation>
    </message>
    <message>
        <source>Custom selection</source>
        <translation>Seleção personalizada</translation>
    </message>
    <message>
        <source>%1 vs %2 — %3, %4 (#%5 vs #%6)</source>
        <translation>%1 vs %2 — %3, %4 (nº %5 vs nº %6)</translation>
    </message>
    <message>
        <source>, valid</source>
        <translation>, válida</translation>
    </message>
    <message>
        <source>, invalid</source>
        <translation>, inválida</translation>
    </message>
    <message>
        <source>#%1  %2  (%3%4)</source>
        <translation>nº %1  %2  (%3%4)</translation>
    </message>
    <message>
        <source>Check at least one run on each side.</source>
        <translation>Marque pelo menos uma execução em cada lado.</translation>
    </message>
    <message>
        <source>Comparing…</source>
        <translation>Comparando…</translation>
    </message>
    <message>
        <source>Baseline %1: %2 steady samples; candidate %3: %4 steady samples. %5 bootstrap resamples of at most %6 samples per side, fixed seed.</source>
        <translation>Referência %1: %2 amostras em regime estável; candidato %3: %4 amostras em regime estável. %5 reamostragens bootstrap de no máximo %6 amostras por lado, semente fixa.</translation>
    </message>
    <message>
        <source>Not like for like: see the amber confounders</source>
        <translation>Comparação desigual: veja os fatores de confusão em âmbar</translation>
    </message>
    <message>
        <source>Like for like: only the compared axis differs</source>
        <translation>Comparação equivalente: só o eixo comparado difere</translation>
    </message>
    <message>
        <source>mixed within a side</source>
        <translation>misturado dentro de um lado</translation>
    </message>
    <message>
        <source>differs (the compared axis)</source>
        <translation>difere (o eixo comparado)</translation>
    </message>
    <message>
        <source>differs</source>
        <translation>difere</translation>
    </message>
    <message>
        <source>same</source>
        <translation>igual</translation>
    </message>
</context>
<context>
    <name>tp::FileImporter</name>
    <message>
        <source>%1: %2</source>
        <translation>%1: %2</translation>
    </message>
</context>
<context>
    <name>tp::LanguageMenu</name>
    <message>
        <source>&amp;Language</source>
        <translation>&amp;Idioma</translation>
    </message>
    <message>
        <source>&amp;System</source>
        <comment>language: follow the system locale</comment>
        <translation>&amp;Sistema</translation>
    </message>
    <message>
        <source>Follow the system locale (LANG, LC_ALL, LANGUAGE)</source>
        <translation>Seguir o idioma do sistema (LANG, LC_ALL, LANGUAGE)</translation>
    </message>
    <message>
        <source>Language</source>
        <translation>Idioma</translation>
    </message>
    <message>
        <source>The new language applies the next time TorchPilot starts.</source>
        <translation>O novo idioma vale a partir da próxima vez que o TorchPilot for iniciado.</translation>
    </message>
</context>
<context>
    <name>tp::LatencyChart</name>
    <message>
        <source>Latency distribution</source>
        <translation>Distribuição de latência</translation>
    </message>
    <message>
        <source>%1 — no steady-state samples stored</source>
        <translation>%1 — nenhuma amostra de regime estável armazenada</translation>
    </message>
    <message>
        <source>Steady-state latency — %1 (%2 samples)</source>
        <translation>Latência em regime estável — %1 (%2 amostras)</translation>
    </message>
    <message>
        <source>steady samples per bin</source>
        <translation>amostras em regime estável por faixa</translation>
    </message>
    <message>
        <source>time per batch (%1, log scale; log-spaced bins)</source>
        <translation>tempo por lote (%1, escala log; faixas em espaçamento log)</translation>
    </message>
    <message>
        <source>time per batch (%1)</source>
        <translation>tempo por lote (%1)</translation>
    </message>
    <message>
        <source>samples</source>
        <translation>amostras</translation>
    </message>
    <message>
        <source>fraction of steady samples ≤ x</source>
        <translation>fração das amostras em regime estável ≤ x</translation>
    </message>
    <message>
        <source>time per batch (%1, log scale)</source>
        <translation>tempo por lote (%1, escala log)</translation>
    </message>
    <message>
        <source>% of samples ≤ x</source>
        <translation>% das amostras ≤ x</translation>
    </message>
    <message>
        <source>%1 %2</source>
        <translation>%1 %2</translation>
    </message>
</context>
<context>
    <name>tp::LaunchDialog</name>
    <message>
        <source>New benchmark runs</source>
        <translation>Novas execuções de benchmark</translation>
    </message>
    <message>
        <source>MLP (the article&apos;s 128→256→32)</source>
        <translation>MLP (o 128→256→32 do artigo)</translation>
    </message>
    <message>
        <source>Transformer encoder</source>
        <translation>Encoder Transformer</translation>
    </message>
    <message>
        <source>TorchScript model file</source>
        <translation>Arquivo de modelo TorchScript</translation>
    </message>
    <message>
        <source>Training: MLP</source>
        <translation>Treino: MLP</translation>
    </message>
    <message>
        <source>Training: encoder</source>
        <translation>Treino: encoder</translation>
    </message>
    <message>
        <source>eager</source>
        <translation>eager</translation>
    </message>
    <message>
        <source>compiled (TorchScript, frozen)</source>
        <translation>compilado (TorchScript, congelado)</translation>
    </message>
    <message>
        <source>float32</source>
        <translation>float32</translation>
    </message>
    <message>
        <source>bfloat16</source>
        <translation>bfloat16</translation>
    </message>
    <message>
        <source>Encoder workloads only</source>
        <translation>Somente cargas de trabalho encoder</translation>
    </message>
    <message>
        <source>e.g. float32[64,128];int64[64,16]</source>
        <translation>p. ex. float32[64,128];int64[64,16]</translation>
    </message>
    <message>
        <source>optional: JSON file of shapes</source>
        <translation>opcional: arquivo JSON de formatos</translation>
    </message>
    <message>
        <source>Default</source>
        <translation>Padrão</translation>
    </message>
    <message>
        <source>Use the shipped catalog %1</source>
        <translation>Usar o catálogo que acompanha o programa, %1</translation>
    </message>
    <message>
        <source>What to run</source>
        <translation>O que executar</translation>
    </message>
    <message>
        <source>&amp;Workload:</source>
        <translation>&amp;Carga de trabalho:</translation>
    </message>
    <message>
        <source>Modes:</source>
        <translation>Modos:</translation>
    </message>
    <message>
        <source>Dtypes:</source>
        <translation>Dtypes:</translation>
    </message>
    <message>
        <source>&amp;Batch:</source>
        <translation>&amp;Lote:</translation>
    </message>
    <message>
        <source>&amp;Sequence length:</source>
        <translation>Comprimento da &amp;sequência:</translation>
    </message>
    <message>
        <source>TorchScript &amp;model:</source>
        <translation>&amp;Modelo TorchScript:</translation>
    </message>
    <message>
        <source>TorchScript model</source>
        <translation>Modelo TorchScript</translation>
    </message>
    <message>
        <source>TorchScript (*.pt *.pth *.ts);;All files (*)</source>
        <translation>TorchScript (*.pt *.pth *.ts);;Todos os arquivos (*)</translation>
    </message>
    <message>
        <source>Model &amp;inputs:</source>
        <translation>&amp;Entradas do modelo:</translation>
    </message>
    <message>
        <source>Shape &amp;catalog:</source>
        <translation>Catálogo de &amp;formatos:</translation>
    </message>
    <message>
        <source>Shape catalog</source>
        <translation>Catálogo de formatos</translation>
    </message>
    <message>
        <source>JSON (*.json);;All files (*)</source>
        <translation>JSON (*.json);;Todos os arquivos (*)</translation>
    </message>
    <message>
        <source>smoke — seconds; checks a setup, not evidence</source>
        <translation>smoke — segundos; verifica a configuração, não gera evidência</translation>
    </message>
    <message>
        <source>standard — ≥ 200 steady iterations and ≥ 2 s</source>
        <translation>standard — ≥ 200 iterações em regime estável e ≥ 2 s</translation>
    </message>
    <message>
        <source>loadgen — ≥ 1024 iterations and ≥ 60 s (MLPerf)</source>
        <translation>loadgen — ≥ 1024 iterações e ≥ 60 s (MLPerf)</translation>
    </message>
    <message>
        <source>custom</source>
        <translation>personalizado</translation>
    </message>
    <message>
        <source> s</source>
        <translation> s</translation>
    </message>
    <message>
        <source>none</source>
        <translation>nenhum</translation>
    </message>
    <message>
        <source>How to measure</source>
        <translation>Como medir</translation>
    </message>
    <message>
        <source>&amp;Protocol:</source>
        <translation>&amp;Protocolo:</translation>
    </message>
    <message>
        <source>Warmup (minimum):</source>
        <translation>Aquecimento (mínimo):</translation>
    </message>
    <message>
        <source>Steady iterations (minimum):</source>
        <translation>Iterações em regime estável (mínimo):</translation>
    </message>
    <message>
        <source>Steady time (minimum):</source>
        <translation>Tempo em regime estável (mínimo):</translation>
    </message>
    <message>
        <source>&amp;Threads:</source>
        <translation>T&amp;hreads:</translation>
    </message>
    <message>
        <source>&amp;Deadline:</source>
        <translation>Pra&amp;zo:</translation>
    </message>
    <message>
        <source>Local (this machine)</source>
        <translation>Local (esta máquina)</translation>
    </message>
    <message>
        <source>SSH host</source>
        <translation>Host SSH</translation>
    </message>
    <message>
        <source>Kubernetes Job (GKE TPU)</source>
        <translation>Job do Kubernetes (GKE TPU)</translation>
    </message>
    <message>
        <source>coming</source>
        <translation>em breve</translation>
    </message>
    <message>
        <source>Runs that share a machine compete for cores and memory bandwidth and perturb each other&apos;s timings: keep 1 for figures you will compare.</source>
        <translation>Execuções que compartilham uma máquina disputam núcleos e largura de banda de memória e perturbam as medições umas das outras: mantenha 1 para números que você vai comparar.</translation>
    </message>
    <message>
        <source>empty: the runner&apos;s &lt;workload&gt;/&lt;mode&gt;/&lt;dtype&gt;</source>
        <translation>vazio: o &lt;carga&gt;/&lt;modo&gt;/&lt;dtype&gt; do runner</translation>
    </message>
    <message>
        <source>Where</source>
        <translation>Onde</translation>
    </message>
    <message>
        <source>T&amp;arget:</source>
        <translation>&amp;Destino:</translation>
    </message>
    <message>
        <source>Parallel &amp;runs:</source>
        <translation>Execuções em pa&amp;ralelo:</translation>
    </message>
    <message>
        <source>Run &amp;key prefix:</source>
        <translation>Prefi&amp;xo da chave de execução:</translation>
    </message>
    <message>
        <source>Browse…</source>
        <translation>Procurar…</translation>
    </message>
    <message>
        <source>Queue 1 run</source>
        <translation>Enfileirar 1 execução</translation>
    </message>
    <message>
        <source>Queue %1 runs</source>
        <translation>Enfileirar %1 execuções</translation>
    </message>
    <message>
        <source>1 runner process</source>
        <translation>1 processo do runner</translation>
    </message>
    <message>
        <source>%1 runner processes</source>
        <translation>%1 processos do runner</translation>
    </message>
    <message>
        <source>Nothing to run yet.</source>
        <translation>Nada para executar ainda.</translation>
    </message>
    <message>
        <source>%1, one per mode × dtype, run one at a time.</source>
        <translation>%1, um por modo × dtype, executados um de cada vez.</translation>
    </message>
    <message>
        <source>%1, one per mode × dtype, up to %2 at once.</source>
        <translation>%1, um por modo × dtype, até %2 ao mesmo tempo.</translation>
    </message>
</context>
<context>
    <name>tp::LocalLauncher</name>
    <message>
        <source>torchpilot-runner not found (set TORCHPILOT_RUNNER or install it)</source>
        <translation>torchpilot-runner não encontrado (defina TORCHPILOT_RUNNER ou instale-o)</translation>
    </message>
    <message>
        <source>cancelled: runner killed</source>
        <translation>cancelada: runner encerrado</translation>
    </message>
    <message>
        <source>runner crashed</source>
        <translation>o runner travou</translation>
    </message>
    <message>
        <source>runner exited with code %1</source>
        <translation>o runner saiu com o código %1</translation>
    </message>
    <message>
        <source>cannot start runner &apos;%1&apos;: %2</source>
        <translation>não foi possível iniciar o runner &apos;%1&apos;: %2</translation>
    </message>
    <message>
        <source>runner produced no run</source>
        <translation>o runner não produziu nenhuma execução</translation>
    </message>
</context>
<context>
    <name>tp::MainWindow</name>
    <message>
        <source>TorchPilot — %1</source>
        <translation>TorchPilot — %1</translation>
    </message>
    <message>
        <source>no database</source>
        <translation>nenhum banco de dados</translation>
    </message>
    <message>
        <source>Runs</source>
        <translation>Execuções</translation>
    </message>
    <message>
        <source>Runs in progress</source>
        <translation>Execuções em andamento</translation>
    </message>
    <message numerus="yes">
        <source>%n run(s) are running or queued. Quit and cancel them?</source>
        <translation>
            <numerusform>%n execução está rodando ou na fila. Sair e cancelá-la?</numerusform>
            <numerusform>%n execuções estão rodando ou na fila. Sair e cancelá-las?</numerusform>
        </translation>
    </message>
    <message>
        <source>Cannot open database</source>
        <translation>Não foi possível abrir o banco de dados</translation>
    </message>
    <message>
        <source>Queue</source>
        <translation>Fila</translation>
    </message>
    <message>
        <source>Queue (%1)</source>
        <translation>Fila (%1)</translation>
    </message>
    <message>
        <source>Panels</source>
        <translation>Painéis</translation>
    </message>
    <message>
        <source>Compare</source>
        <translation>Comparar</translation>
    </message>
    <message>
        <source>Charts</source>
        <translation>Gráficos</translation>
    </message>
    <message numerus="yes">
        <source>%1: %n run(s), first selected</source>
        <translation>
            <numerusform>%1: %n execução (selecionada)</numerusform>
            <numerusform>%1: %n execuções, a primeira selecionada</numerusform>
        </translation>
    </message>
    <message>
        <source>&amp;File</source>
        <translation>&amp;Arquivo</translation>
    </message>
    <message>
        <source>&amp;New runs…</source>
        <translation>&amp;Novas execuções…</translation>
    </message>
    <message>
        <source>Choose a workload, modes, dtypes and shapes, and queue the runs</source>
        <translation>Escolha uma carga de trabalho, modos, dtypes e formatos, e coloque as execuções na fila</translation>
    </message>
    <message>
        <source>&amp;Reload</source>
        <translation>Re&amp;carregar</translation>
    </message>
    <message>
        <source>Re-read the runs from the database</source>
        <translation>Relê as execuções do banco de dados</translation>
    </message>
    <message>
        <source>&amp;Quit</source>
        <translation>&amp;Sair</translation>
    </message>
    <message>
        <source>1 run — %1</source>
        <translation>1 execução — %1</translation>
    </message>
    <message>
        <source>%1 runs — %2</source>
        <translation>%1 execuções — %2</translation>
    </message>
</context>
<context>
    <name>tp::PanelsPage</name>
    <message>
        <source>no data</source>
        <translation>sem dados</translation>
    </message>
    <message>
        <source>not configured</source>
        <translation>não configurado</translation>
    </message>
    <message>
        <source>not measured</source>
        <translation>não medido</translation>
    </message>
    <message>
        <source>not measured (CPU)</source>
        <translation>não medido (CPU)</translation>
    </message>
    <message>
        <source>not applicable for local runs</source>
        <translation>não se aplica a execuções locais</translation>
    </message>
    <message>
        <source>%1 %</source>
        <translation>%1 %</translation>
    </message>
    <message>
        <source>extra execution</source>
        <translation>execução extra</translation>
    </message>
    <message>
        <source>extra executions</source>
        <translation>execuções extras</translation>
    </message>
    <message>
        <source>of 1 run</source>
        <translation>de 1 execução</translation>
    </message>
    <message>
        <source>of %1 runs</source>
        <translation>de %1 execuções</translation>
    </message>
    <message>
        <source>samples/s</source>
        <translation>amostras/s</translation>
    </message>
    <message>
        <source>of one core</source>
        <translation>de um núcleo</translation>
    </message>
    <message>
        <source>%1 per useful result</source>
        <translation>%1 por resultado útil</translation>
    </message>
    <message>
        <source>Completed runs</source>
        <translation>Execuções concluídas</translation>
    </message>
    <message>
        <source>Within deadline</source>
        <translation>Dentro do prazo</translation>
    </message>
    <message>
        <source>Meeting the quality contract</source>
        <translation>Cumprindo o contrato de qualidade</translation>
    </message>
    <message>
        <source>Cost per useful result</source>
        <translation>Custo por resultado útil</translation>
    </message>
    <message>
        <source>Latency p50</source>
        <translation>Latência p50</translation>
    </message>
    <message>
        <source>Latency p90</source>
        <translation>Latência p90</translation>
    </message>
    <message>
        <source>Latency p99</source>
        <translation>Latência p99</translation>
    </message>
    <message>
        <source>Median of run p99</source>
        <translation>Mediana do p99 das execuções</translation>
    </message>
    <message>
        <source>Throughput</source>
        <translation>Vazão</translation>
    </message>
    <message>
        <source>Errors</source>
        <translation>Erros</translation>
    </message>
    <message>
        <source>Queue wait</source>
        <translation>Espera na fila</translation>
    </message>
    <message>
        <source>Time without progress</source>
        <translation>Tempo sem progresso</translation>
    </message>
    <message>
        <source>CPU time</source>
        <translation>Tempo de CPU</translation>
    </message>
    <message>
        <source>CPU utilisation</source>
        <translation>Uso de CPU</translation>
    </message>
    <message>
        <source>Peak RAM</source>
        <translation>Pico de RAM</translation>
    </message>
    <message>
        <source>Restarts / retries</source>
        <translation>Reinícios / novas tentativas</translation>
    </message>
    <message>
        <source>Accelerator memory</source>
        <translation>Memória do acelerador</translation>
    </message>
    <message>
        <source>Capacity wait</source>
        <translation>Espera por capacidade</translation>
    </message>
    <message>
        <source>Business</source>
        <translation>Negócio</translation>
    </message>
    <message>
        <source>Is the work done, in time, to the quality contract — and at what cost?</source>
        <translation>O trabalho foi feito, no prazo, dentro do contrato de qualidade — e a que custo?</translation>
    </message>
    <message>
        <source>Application</source>
        <translation>Aplicação</translation>
    </message>
    <message>
        <source>Steady-state latency, throughput, errors, queue and stalls.</source>
        <translation>Latência em regime estável, vazão, erros, fila e travamentos.</translation>
    </message>
    <message>
        <source>Infrastructure</source>
        <translation>Infraestrutura</translation>
    </message>
    <message>
        <source>What the runs consumed and how often they had to run again.</source>
        <translation>O que as execuções consumiram e quantas vezes precisaram rodar de novo.</translation>
    </message>
    <message>
        <source>All workloads</source>
        <translation>Todas as cargas de trabalho</translation>
    </message>
    <message>
        <source>All modes</source>
        <translation>Todos os modos</translation>
    </message>
    <message>
        <source>All dtypes</source>
        <translation>Todos os dtypes</translation>
    </message>
    <message>
        <source>All devices</source>
        <translation>Todos os dispositivos</translation>
    </message>
    <message>
        <source>All statuses</source>
        <translation>Todos os status</translation>
    </message>
    <message>
        <source>All targets</source>
        <translation>Todos os destinos</translation>
    </message>
    <message>
        <source>All time</source>
        <translation>Todo o período</translation>
    </message>
    <message>
        <source>Last 24 hours</source>
        <translation>Últimas 24 horas</translation>
    </message>
    <message>
        <source>Last 7 days</source>
        <translation>Últimos 7 dias</translation>
    </message>
    <message>
        <source>Last 30 days</source>
        <translation>Últimos 30 dias</translation>
    </message>
    <message>
        <source>Click to list the runs behind this figure (%1)</source>
        <translation>Clique para listar as execuções por trás deste número (%1)</translation>
    </message>
    <message>
        <source>No database</source>
        <translation>Nenhum banco de dados</translation>
    </message>
    <message>
        <source>Computing…</source>
        <translation>Calculando…</translation>
    </message>
    <message>
        <source>Cannot compute the panels: %1</source>
        <translation>Não foi possível calcular os painéis: %1</translation>
    </message>
    <message>
        <source>1 run selected</source>
        <translation>1 execução selecionada</translation>
    </message>
    <message>
        <source>%1 runs selected</source>
        <translation>%1 execuções selecionadas</translation>
    </message>
</context>
<context>
    <name>tp::PhaseChart</name>
    <message>
        <source>b=%1 s=%2</source>
        <translation>b=%1 s=%2</translation>
    </message>
    <message>
        <source>b=%1</source>
        <translation>b=%1</translation>
    </message>
    <message>
        <source>First call, warmup and steady state</source>
        <translation>Primeira chamada, aquecimento e regime estável</translation>
    </message>
    <message>
        <source>run, b=%1</source>
        <translation>execução, b=%1</translation>
    </message>
    <message>
        <source>run</source>
        <translation>execução</translation>
    </message>
    <message>
        <source>%1&lt;br&gt;%2</source>
        <translation>%1&lt;br&gt;%2</translation>
    </message>
    <message>
        <source>%1 %2</source>
        <translation>%1 %2</translation>
    </message>
    <message>
        <source>First call, warmup and steady state — no timings recorded</source>
        <translation>Primeira chamada, aquecimento e regime estável — nenhuma medição de tempo registrada</translation>
    </message>
    <message>
        <source>First call vs warmup vs steady state, per mode</source>
        <translation>Primeira chamada vs aquecimento vs regime estável, por modo</translation>
    </message>
    <message>
        <source>First call vs warmup vs steady state, per mode and shape</source>
        <translation>Primeira chamada vs aquecimento vs regime estável, por modo e formato</translation>
    </message>
    <message>
        <source>%1 per batch (log)</source>
        <translation>%1 por lote (log)</translation>
    </message>
    <message>
        <source>first call (cold)</source>
        <translation>primeira chamada (fria)</translation>
    </message>
    <message>
        <source>warmup mean</source>
        <translation>média do aquecimento</translation>
    </message>
    <message>
        <source>steady mean</source>
        <translation>média estável</translation>
    </message>
</context>
<context>
    <name>tp::QueueModel</name>
    <message>
        <source>queued</source>
        <translation>na fila</translation>
    </message>
    <message>
        <source>running</source>
        <translation>em execução</translation>
    </message>
    <message>
        <source>done</source>
        <translation>concluída</translation>
    </message>
    <message>
        <source>cancelled (never started)</source>
        <translation>cancelada (nunca iniciada)</translation>
    </message>
    <message>
        <source>cancelled</source>
        <translation>cancelada</translation>
    </message>
    <message>
        <source>failed</source>
        <translation>falhou</translation>
    </message>
    <message>
        <source>100 %</source>
        <translation>100 %</translation>
    </message>
    <message>
        <source>starting</source>
        <translation>iniciando</translation>
    </message>
    <message>
        <source>%1 %2 %</source>
        <translation>%1 %2 %</translation>
    </message>
    <message>
        <source>%1 %2 iterations</source>
        <translation>%1 %2 iterações</translation>
    </message>
    <message>
        <source>%1
run key: %2</source>
        <translation>%1
chave da execução: %2</translation>
    </message>
    <message>
        <source>Time left in the steady phase, from the runner&apos;s progress lines</source>
        <translation>Tempo restante na fase de regime estável, segundo as linhas de progresso do runner</translation>
    </message>
    <message>
        <source>Job</source>
        <translation>Tarefa</translation>
    </message>
    <message>
        <source>State</source>
        <translation>Estado</translation>
    </message>
    <message>
        <source>Progress</source>
        <translation>Progresso</translation>
    </message>
    <message>
        <source>Elapsed</source>
        <translation>Decorrido</translation>
    </message>
    <message>
        <source>ETA</source>
        <translation>Previsão</translation>
    </message>
    <message>
        <source>Run</source>
        <translation>Execução</translation>
    </message>
</context>
<context>
    <name>tp::QueuePage</name>
    <message>
        <source>New runs…</source>
        <translation>Novas execuções…</translation>
    </message>
    <message>
        <source>Cancel all</source>
        <translation>Cancelar todas</translation>
    </message>
    <message>
        <source>Clear finished</source>
        <translation>Limpar concluídas</translation>
    </message>
    <message>
        <source>Log</source>
        <translation>Log</translation>
    </message>
    <message>
        <source>Select a job to follow its runner&apos;s log (stderr).</source>
        <translation>Selecione uma tarefa para acompanhar o log do runner dela (stderr).</translation>
    </message>
    <message>
        <source>— %1: %2</source>
        <translation>— %1: %2</translation>
    </message>
    <message>
        <source> (%1)</source>
        <translation> (%1)</translation>
    </message>
    <message>
        <source>Log — %1</source>
        <translation>Log — %1</translation>
    </message>
    <message>
        <source>Cancel</source>
        <translation>Cancelar</translation>
    </message>
    <message>
        <source>Queued: remove it. Running: stop the runner (SIGTERM); what it measured so far is kept, marked cancelled.</source>
        <translation>Na fila: remove a tarefa. Rodando: para o runner (SIGTERM); o que já foi medido é mantido, marcado como cancelado.</translation>
    </message>
    <message>
        <source>Cancelling…</source>
        <translation>Cancelando…</translation>
    </message>
    <message>
        <source>one at a time (parallel runs perturb each other&apos;s timings)</source>
        <translation>uma de cada vez (execuções em paralelo perturbam as medições umas das outras)</translation>
    </message>
    <message>
        <source>up to %1 at once — parallel runs perturb each other&apos;s timings</source>
        <translation>até %1 ao mesmo tempo — execuções em paralelo perturbam as medições umas das outras</translation>
    </message>
    <message>
        <source>%1 running, %2 queued; runs execute %3.</source>
        <translation>%1 rodando, %2 na fila; as execuções rodam %3.</translation>
    </message>
</context>
<context>
    <name>tp::RecentDatabasesMenu</name>
    <message>
        <source>Open &amp;Recent</source>
        <translation>Abrir &amp;recentes</translation>
    </message>
    <message>
        <source>%1  —  %2</source>
        <translation>%1  —  %2</translation>
    </message>
    <message>
        <source>&amp;%1 %2</source>
        <translation>&amp;%1 %2</translation>
    </message>
    <message>
        <source>%1 (file not found)</source>
        <translation>%1 (arquivo não encontrado)</translation>
    </message>
    <message>
        <source>No recent databases</source>
        <translation>Nenhum banco de dados recente</translation>
    </message>
    <message>
        <source>&amp;Clear Menu</source>
        <translation>&amp;Limpar menu</translation>
    </message>
</context>
<context>
    <name>tp::RunDetailDialog</name>
    <message>
        <source>Run %1</source>
        <translation>Execução %1</translation>
    </message>
    <message>
        <source>Run %1 — %2</source>
        <translation>Execução %1 — %2</translation>
    </message>
</context>
<context>
    <name>tp::RunDetailView</name>
    <message>
        <source>yes</source>
        <translation>sim</translation>
    </message>
    <message>
        <source>no</source>
        <translation>não</translation>
    </message>
    <message>
        <source>Timing (per batch)</source>
        <translation>Tempos (por lote)</translation>
    </message>
    <message>
        <source>First call (cold):</source>
        <translation>Primeira chamada (fria):</translation>
    </message>
    <message>
        <source>Warmup mean:</source>
        <translation>Média do aquecimento:</translation>
    </message>
    <message>
        <source>Steady mean:</source>
        <translation>Média estável:</translation>
    </message>
    <message>
        <source>Steady p50:</source>
        <translation>p50 estável:</translation>
    </message>
    <message>
        <source>Steady p90:</source>
        <translation>p90 estável:</translation>
    </message>
    <message>
        <source>Steady p99:</source>
        <translation>p99 estável:</translation>
    </message>
    <message>
        <source>Result</source>
        <translation>Resultado</translation>
    </message>
    <message>
        <source>Samples/s:</source>
        <translation>Amostras/s:</translation>
    </message>
    <message>
        <source>Outputs finite:</source>
        <translation>Saídas finitas:</translation>
    </message>
    <message>
        <source>Steady samples:</source>
        <translation>Amostras em regime estável:</translation>
    </message>
    <message>
        <source>Batch:</source>
        <translation>Lote:</translation>
    </message>
    <message>
        <source>Evidence</source>
        <translation>Evidência</translation>
    </message>
    <message>
        <source>Validity:</source>
        <translation>Validade:</translation>
    </message>
    <message>
        <source>Precision:</source>
        <translation>Precisão:</translation>
    </message>
    <message>
        <source>Cache:</source>
        <translation>Cache:</translation>
    </message>
    <message>
        <source>Peak RAM:</source>
        <translation>Pico de RAM:</translation>
    </message>
    <message>
        <source>Environment</source>
        <translation>Ambiente</translation>
    </message>
    <message>
        <source>Torch:</source>
        <translation>Torch:</translation>
    </message>
    <message>
        <source>Threads:</source>
        <translation>Threads:</translation>
    </message>
    <message>
        <source>CPU:</source>
        <translation>CPU:</translation>
    </message>
    <message>
        <source>BLAS:</source>
        <translation>BLAS:</translation>
    </message>
    <message>
        <source>Host:</source>
        <translation>Host:</translation>
    </message>
    <message>
        <source>Source:</source>
        <translation>Origem:</translation>
    </message>
    <message>
        <source>valid evidence</source>
        <translation>evidência válida</translation>
    </message>
    <message>
        <source>&lt;b&gt;invalid&lt;/b&gt;: %1</source>
        <translation>&lt;b&gt;inválida&lt;/b&gt;: %1</translation>
    </message>
    <message>
        <source>not checked</source>
        <translation>não verificada</translation>
    </message>
    <message>
        <source>%1 (policy %2)</source>
        <translation>%1 (política %2)</translation>
    </message>
    <message>
        <source>pass</source>
        <translation>aprovada</translation>
    </message>
    <message>
        <source>&lt;b&gt;fail&lt;/b&gt;</source>
        <translation>&lt;b&gt;reprovada&lt;/b&gt;</translation>
    </message>
    <message>
        <source>Select a run to see its figures.</source>
        <translation>Selecione uma execução para ver os números dela.</translation>
    </message>
    <message>
        <source>Run %1 is not in the store.</source>
        <translation>A execução %1 não está no banco.</translation>
    </message>
    <message>
        <source>Cannot read run %1: %2</source>
        <translation>Não foi possível ler a execução %1: %2</translation>
    </message>
    <message>
        <source>Run %1</source>
        <translation>Execução %1</translation>
    </message>
    <message>
        <source>#%1 · started %2</source>
        <translation>nº %1 · iniciada em %2</translation>
    </message>
    <message>
        <source>NO — non-finite outputs</source>
        <translation>NÃO — saídas não finitas</translation>
    </message>
    <message>
        <source>%1 (%2 threads)</source>
        <translation>%1 (%2 threads)</translation>
    </message>
    <message>
        <source>Error: %1</source>
        <translation>Erro: %1</translation>
    </message>
</context>
<context>
    <name>tp::RunFilterBar</name>
    <message>
        <source>any</source>
        <translation>qualquer</translation>
    </message>
    <message>
        <source>Search run key, workload, mode, status, error…</source>
        <translation>Buscar chave de execução, carga de trabalho, modo, status, erro…</translation>
    </message>
    <message>
        <source>All workloads</source>
        <translation>Todas as cargas de trabalho</translation>
    </message>
    <message>
        <source>All modes</source>
        <translation>Todos os modos</translation>
    </message>
    <message>
        <source>All dtypes</source>
        <translation>Todos os dtypes</translation>
    </message>
    <message>
        <source>All devices</source>
        <translation>Todos os dispositivos</translation>
    </message>
    <message>
        <source>All statuses</source>
        <translation>Todos os status</translation>
    </message>
    <message>
        <source>Runs started on or after this day (local time)</source>
        <translation>Execuções iniciadas neste dia ou depois (hora local)</translation>
    </message>
    <message>
        <source>Runs started on or before this day (local time)</source>
        <translation>Execuções iniciadas neste dia ou antes (hora local)</translation>
    </message>
    <message>
        <source>Started</source>
        <translation>Iniciadas</translation>
    </message>
    <message>
        <source>to</source>
        <translation>até</translation>
    </message>
    <message>
        <source>Clear</source>
        <translation>Limpar</translation>
    </message>
    <message>
        <source>Show every run</source>
        <translation>Mostrar todas as execuções</translation>
    </message>
    <message>
        <source>88,888 of 88,888 runs</source>
        <translation>88.888 de 88.888 execuções</translation>
    </message>
    <message>
        <source>%1 runs</source>
        <translation>%1 execuções</translation>
    </message>
    <message>
        <source>%1 of %2 runs</source>
        <translation>%1 de %2 execuções</translation>
    </message>
</context>
<context>
    <name>tp::RunQueueWorker</name>
    <message>
        <source>run %1 is stored as it streams in</source>
        <translation>a execução %1 é armazenada à medida que chega</translation>
    </message>
    <message>
        <source>cancelled before it started</source>
        <translation>cancelada antes de começar</translation>
    </message>
    <message>
        <source>%1: at least %2 iterations and %3 s</source>
        <translation>%1: pelo menos %2 iterações e %3 s</translation>
    </message>
    <message>
        <source>%1: at least %2 iterations</source>
        <translation>%1: pelo menos %2 iterações</translation>
    </message>
</context>
<context>
    <name>tp::RunsModel</name>
    <message>
        <source>valid</source>
        <translation>válida</translation>
    </message>
    <message>
        <source>invalid</source>
        <translation>inválida</translation>
    </message>
    <message>
        <source>, precision fail</source>
        <translation>, precisão reprovada</translation>
    </message>
    <message>
        <source>%1: %2</source>
        <translation>%1: %2</translation>
    </message>
    <message>
        <source>%1 (no run_finished received)</source>
        <translation>%1 (nenhum run_finished recebido)</translation>
    </message>
    <message>
        <source>Invalid: %1</source>
        <translation>Inválida: %1</translation>
    </message>
    <message>
        <source>Precision (%1): %2</source>
        <translation>Precisão (%1): %2</translation>
    </message>
    <message>
        <source>#</source>
        <translation>nº</translation>
    </message>
    <message>
        <source>Workload</source>
        <translation>Carga de trabalho</translation>
    </message>
    <message>
        <source>Mode</source>
        <translation>Modo</translation>
    </message>
    <message>
        <source>Dtype</source>
        <translation>Dtype</translation>
    </message>
    <message>
        <source>Device</source>
        <translation>Dispositivo</translation>
    </message>
    <message>
        <source>Target</source>
        <translation>Destino</translation>
    </message>
    <message>
        <source>Status</source>
        <translation>Status</translation>
    </message>
    <message>
        <source>Evidence</source>
        <translation>Evidência</translation>
    </message>
    <message>
        <source>First call</source>
        <translation>Primeira chamada</translation>
    </message>
    <message>
        <source>Steady mean</source>
        <translation>Média estável</translation>
    </message>
    <message>
        <source>Steady p99</source>
        <translation>p99 estável</translation>
    </message>
    <message>
        <source>Samples/s</source>
        <translation>Amostras/s</translation>
    </message>
    <message>
        <source>Started</source>
        <translation>Início</translation>
    </message>
    <message>
        <source>Run id in the evidence store</source>
        <translation>Id da execução no banco de evidências</translation>
    </message>
    <message>
        <source>Time of the first (cold) call, per batch</source>
        <translation>Tempo da primeira chamada (fria), por lote</translation>
    </message>
    <message>
        <source>Mean time per batch in steady state</source>
        <translation>Tempo médio por lote em regime estável</translation>
    </message>
    <message>
        <source>99th percentile of steady-state batch time</source>
        <translation>Percentil 99 do tempo por lote em regime estável</translation>
    </message>
    <message>
        <source>Steady-state throughput, samples per second</source>
        <translation>Vazão em regime estável, amostras por segundo</translation>
    </message>
    <message>
        <source>When the run started (local time)</source>
        <translation>Quando a execução começou (hora local)</translation>
    </message>
    <message>
        <source>Where the run executed (local, SSH host, Kubernetes)</source>
        <translation>Onde a execução rodou (local, host SSH, Kubernetes)</translation>
    </message>
    <message>
        <source>Validity of the steady state and the precision verdict; invalid runs never count in the gates</source>
        <translation>Validade do regime estável e veredito de precisão; execuções inválidas nunca contam nos portões</translation>
    </message>
</context>
<context>
    <name>tp::RunsPage</name>
    <message>
        <source>Cannot read the runs: %1</source>
        <translation>Não foi possível ler as execuções: %1</translation>
    </message>
    <message>
        <source>No runs yet. Launch a benchmark, or drop result files (.jsonl, .json) here to import them.</source>
        <translation>Nenhuma execução ainda. Lance um benchmark ou solte arquivos de resultado (.jsonl, .json) aqui para importá-los.</translation>
    </message>
    <message numerus="yes">
        <source>Drop to import %n result file(s) into this database.</source>
        <translation>
            <numerusform>Solte para importar %n arquivo de resultado neste banco de dados.</numerusform>
            <numerusform>Solte para importar %n arquivos de resultado neste banco de dados.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Importing %n file(s)…</source>
        <translation>
            <numerusform>Importando %n arquivo…</numerusform>
            <numerusform>Importando %n arquivos…</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Imported %n file(s)</source>
        <translation>
            <numerusform>%n arquivo importado</numerusform>
            <numerusform>%n arquivos importados</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>: %n run(s), </source>
        <translation>
            <numerusform>: %n execução, </numerusform>
            <numerusform>: %n execuções, </numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n new sample(s).</source>
        <translation>
            <numerusform>%n amostra nova.</numerusform>
            <numerusform>%n amostras novas.</numerusform>
        </translation>
    </message>
    <message>
        <source>Not imported: %1</source>
        <translation>Não importados: %1</translation>
    </message>
</context>
<context>
    <name>tp::SpeedupChart</name>
    <message>
        <source>%1×</source>
        <translation>%1×</translation>
    </message>
    <message>
        <source>Eager → compiled speedup</source>
        <translation>Aceleração eager → compilado</translation>
    </message>
    <message>
        <source>Eager → compiled speedup — needs an eager and a compiled run of the same workload, dtype and device</source>
        <translation>Aceleração eager → compilado — requer uma execução eager e uma compilada da mesma carga de trabalho, dtype e dispositivo</translation>
    </message>
    <message>
        <source>Eager → compiled speedup — no shape measured by both runs</source>
        <translation>Aceleração eager → compilado — nenhum formato medido pelas duas execuções</translation>
    </message>
    <message>
        <source>eager</source>
        <translation>eager</translation>
    </message>
    <message>
        <source>compiled</source>
        <translation>compilado</translation>
    </message>
    <message>
        <source>Speedup %1 → %2 per shape (%1 mean ÷ %2 mean)</source>
        <translation>Aceleração %1 → %2 por formato (média %1 ÷ média %2)</translation>
    </message>
    <message>
        <source>speedup per shape</source>
        <translation>aceleração por formato</translation>
    </message>
    <message>
        <source>speedup (steady mean)</source>
        <translation>aceleração (média estável)</translation>
    </message>
    <message>
        <source>b=%1 s=%2</source>
        <translation>b=%1 s=%2</translation>
    </message>
    <message>
        <source>b=%1</source>
        <translation>b=%1</translation>
    </message>
    <message>
        <source>&lt;center&gt;%1&lt;br&gt;&lt;b&gt;%2&lt;/b&gt;&lt;/center&gt;</source>
        <translation>&lt;center&gt;%1&lt;br&gt;&lt;b&gt;%2&lt;/b&gt;&lt;/center&gt;</translation>
    </message>
    <message>
        <source>shape (batch, sequence length)</source>
        <translation>formato (lote, comprimento da sequência)</translation>
    </message>
    <message>
        <source>run batch</source>
        <translation>lote da execução</translation>
    </message>
    <message>
        <source>1× (no change)</source>
        <translation>1× (sem mudança)</translation>
    </message>
    <message>
        <source>geometric mean %1</source>
        <translation>média geométrica %1</translation>
    </message>
    <message>
        <source>speedup (×)</source>
        <translation>aceleração (×)</translation>
    </message>
</context>
<context>
    <name>tp::ThroughputChart</name>
    <message>
        <source>Throughput vs batch size</source>
        <translation>Vazão vs tamanho do lote</translation>
    </message>
    <message>
        <source>%1 s=%2</source>
        <translation>%1 s=%2</translation>
    </message>
    <message>
        <source>Throughput vs batch size — no throughput measured</source>
        <translation>Vazão vs tamanho do lote — nenhuma vazão medida</translation>
    </message>
    <message>
        <source>Throughput vs batch size (steady state)</source>
        <translation>Vazão vs tamanho do lote (regime estável)</translation>
    </message>
    <message>
        <source>batch size (log scale)</source>
        <translation>tamanho do lote (escala log)</translation>
    </message>
    <message>
        <source>batch size</source>
        <translation>tamanho do lote</translation>
    </message>
    <message>
        <source>samples/s</source>
        <translation>amostras/s</translation>
    </message>
</context>
<context>
    <name>tp::TraceChart</name>
    <message>
        <source>Per-iteration time</source>
        <translation>Tempo por iteração</translation>
    </message>
    <message>
        <source>%1 — no per-iteration timings stored</source>
        <translation>%1 — nenhum tempo por iteração armazenado</translation>
    </message>
    <message>
        <source>Per-iteration time — %1 (%2 iterations)</source>
        <translation>Tempo por iteração — %1 (%2 iterações)</translation>
    </message>
    <message>
        <source>warmup</source>
        <translation>aquecimento</translation>
    </message>
    <message>
        <source>steady state</source>
        <translation>regime estável</translation>
    </message>
    <message>
        <source>first call %1</source>
        <translation>primeira chamada %1</translation>
    </message>
    <message>
        <source>iteration (0 = first call)</source>
        <translation>iteração (0 = primeira chamada)</translation>
    </message>
    <message>
        <source>%1 per batch (log)</source>
        <translation>%1 por lote (log)</translation>
    </message>
</context>
</TS>
