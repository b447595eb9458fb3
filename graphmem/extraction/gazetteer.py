"""Named things of the categories a user's settings are made of — cities, companies, programming languages,
editors, operating systems, apps, airlines, hotel chains, seats, time zones, diets — each surface form (Chinese
or English, slang included) mapped to one canonical value, and the scan that finds them in a segment.

A canonical value is the same whatever words of a script named it ("鹅厂" and "腾讯" are "腾讯", "PT" and
"Pacific time" are "pacific time (utc-8)"), so two sessions that name it differently are two sightings of one claim.
Latin forms are matched as whole words (lowercase), Chinese forms as substrings, longest first.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from importlib import resources

__all__ = ["CITY_ZONES", "ZH_CITIES", "ZH_ONE_TO_TWELVE", "ZH_ORGANISATION_AFTER", "Hit", "forms_of", "scan"]


@dataclass(frozen=True)
class Hit:
    """A named thing found in a text: its category, canonical value and offsets."""

    category: str
    value: str
    start: int
    end: int


_NAMES_END = re.compile(r":(?=\s|$)")


def _split_row(row: str) -> tuple[str, str]:
    """A row's names and forms, split at the first ":" before a space ("india time (utc+5:30): ist, …")."""
    m = _NAMES_END.search(row)
    return (row[: m.start()], row[m.end() :]) if m else (row, "")


def _table(category: str, rows: str) -> dict[str, tuple[str, str]]:
    """Rows "english|中文: form, form, ..." separated by ";" -> {form: (category, canonical)}: the canonical
    value is the English name (lowercase) for a Latin form, the Chinese name (when given) for a Chinese form."""
    out: dict[str, tuple[str, str]] = {}
    for row in rows.split(";"):
        if not row.strip():
            continue
        names, forms = _split_row(row)
        english, _, chinese = names.strip().partition("|")
        for raw in [english, *forms.split(",")]:
            form = raw.strip()
            if form:
                value = chinese if chinese and not form.isascii() else english.lower()
                out[form.lower() if form.isascii() else form] = (category, value)
    return out


_CITIES = """
Beijing|北京: beijing, 北京, 帝都; Shanghai|上海: shanghai, 上海, 魔都; Shenzhen|深圳: shenzhen, 深圳;
Guangzhou|广州: guangzhou, 广州;
Hangzhou|杭州: hangzhou, 杭州; Chengdu|成都: chengdu, 成都; Chongqing|重庆: chongqing, 重庆; Wuhan|武汉: wuhan, 武汉;
Nanjing|南京: nanjing, 南京; Suzhou|苏州: suzhou, 苏州; Xiamen|厦门: xiamen, 厦门; Tianjin|天津: tianjin, 天津;
Tangshan|唐山: tangshan, 唐山; Xi'an|西安: xi'an, xian, 西安; Changsha|长沙: changsha, 长沙;
Qingdao|青岛: qingdao, 青岛;
Dalian|大连: dalian, 大连; Kunming|昆明: kunming, 昆明; Dali|大理: dali, 大理; Harbin|哈尔滨: harbin, 哈尔滨;
Shenyang|沈阳: shenyang, 沈阳; Zhengzhou|郑州: zhengzhou, 郑州; Jinan|济南: jinan, 济南; Hefei|合肥: hefei, 合肥;
Fuzhou|福州: fuzhou, 福州; Ningbo|宁波: ningbo, 宁波; Wuxi|无锡: wuxi, 无锡; Dongguan|东莞: dongguan, 东莞;
Foshan|佛山: foshan, 佛山;
Zhuhai|珠海: zhuhai, 珠海; Nanning|南宁: nanning, 南宁; Guiyang|贵阳: guiyang, 贵阳; Lanzhou|兰州: lanzhou, 兰州;
Urumqi|乌鲁木齐: urumqi, 乌鲁木齐; Lhasa|拉萨: lhasa, 拉萨; Sanya|三亚: sanya, 三亚; Haikou|海口: haikou, 海口;
Nanchang|南昌: nanchang, 南昌; Taiyuan|太原: taiyuan, 太原; Shijiazhuang|石家庄: shijiazhuang, 石家庄;
Changchun|长春: changchun, 长春; Hohhot|呼和浩特: hohhot, 呼和浩特, 呼市; Yinchuan|银川: yinchuan, 银川;
Xining|西宁: xining, 西宁;
Wenzhou|温州: wenzhou, 温州; Hong Kong|香港: hong kong, 香港; Macau|澳门: macau, macao, 澳门;
Taipei|台北: taipei, 台北;
Tokyo|东京: tokyo, 东京; Osaka|大阪: osaka, 大阪; Kyoto|京都: kyoto, 京都; Seoul|首尔: seoul, 首尔;
Singapore|新加坡: singapore, 新加坡;
Bangkok|曼谷: bangkok, 曼谷; Kuala Lumpur|吉隆坡: kuala lumpur, 吉隆坡; Jakarta|雅加达: jakarta, 雅加达;
Manila|马尼拉: manila, 马尼拉;
Hanoi|河内: hanoi, 河内; Mumbai|孟买: mumbai, bombay, 孟买; Delhi|德里: delhi, new delhi, 德里, 新德里;
Bangalore|班加罗尔: bangalore, bengaluru, 班加罗尔; Dubai|迪拜: dubai, 迪拜;
Istanbul|伊斯坦布尔: istanbul, 伊斯坦布尔;
Tel Aviv|特拉维夫: tel aviv, 特拉维夫; Cairo|开罗: cairo, 开罗; London|伦敦: london, 伦敦;
Manchester|曼彻斯特: manchester, 曼彻斯特;
Edinburgh|爱丁堡: edinburgh, 爱丁堡; Dublin|都柏林: dublin, 都柏林; Paris|巴黎: paris, 巴黎; Lyon|里昂: lyon, 里昂;
Berlin|柏林: berlin, 柏林; Munich|慕尼黑: munich, münchen, 慕尼黑; Hamburg|汉堡: hamburg;
Frankfurt|法兰克福: frankfurt, 法兰克福;
Amsterdam|阿姆斯特丹: amsterdam, 阿姆斯特丹; Rotterdam|鹿特丹: rotterdam, 鹿特丹;
Brussels|布鲁塞尔: brussels, 布鲁塞尔;
Zurich|苏黎世: zurich, zürich, 苏黎世; Geneva|日内瓦: geneva, 日内瓦; Vienna|维也纳: vienna, 维也纳;
Prague|布拉格: prague, 布拉格;
Warsaw|华沙: warsaw, 华沙; Stockholm|斯德哥尔摩: stockholm, 斯德哥尔摩;
Copenhagen|哥本哈根: copenhagen, 哥本哈根; Oslo|奥斯陆: oslo, 奥斯陆;
Helsinki|赫尔辛基: helsinki, 赫尔辛基; Madrid|马德里: madrid, 马德里; Barcelona|巴塞罗那: barcelona, 巴塞罗那;
Lisbon|里斯本: lisbon, 里斯本;
Rome|罗马: rome, 罗马; Milan|米兰: milan, 米兰; Athens|雅典: athens, 雅典; Moscow|莫斯科: moscow, 莫斯科;
New York|纽约: new york, nyc, new york city, 纽约; Boston|波士顿: boston, 波士顿; Chicago|芝加哥: chicago, 芝加哥;
San Francisco|旧金山: san francisco, sf, 旧金山, 三藩; Los Angeles|洛杉矶: los angeles, la, 洛杉矶;
Seattle|西雅图: seattle, 西雅图;
Portland|波特兰: portland, 波特兰; Denver|丹佛: denver, 丹佛; Austin|奥斯汀: austin, 奥斯汀;
Dallas|达拉斯: dallas, 达拉斯;
Houston|休斯顿: houston, 休斯顿; Miami|迈阿密: miami, 迈阿密; Atlanta|亚特兰大: atlanta, 亚特兰大;
Washington|华盛顿: washington dc, washington d.c., dc, 华盛顿; Philadelphia|费城: philadelphia, philly, 费城;
San Diego|圣地亚哥: san diego; San Jose|圣何塞: san jose, 圣何塞; Phoenix|凤凰城: phoenix, 凤凰城;
Minneapolis|明尼阿波利斯: minneapolis;
Detroit|底特律: detroit, 底特律; Pittsburgh|匹兹堡: pittsburgh, 匹兹堡; Nashville|纳什维尔: nashville;
Salt Lake City|盐湖城: salt lake city, 盐湖城; Las Vegas|拉斯维加斯: las vegas, vegas, 拉斯维加斯;
Toronto|多伦多: toronto, 多伦多;
Vancouver|温哥华: vancouver, 温哥华; Montreal|蒙特利尔: montreal, 蒙特利尔; Calgary|卡尔加里: calgary;
Ottawa|渥太华: ottawa, 渥太华;
Mexico City|墨西哥城: mexico city, 墨西哥城; Sao Paulo|圣保罗: sao paulo, são paulo;
Buenos Aires|布宜诺斯艾利斯: buenos aires;
Sydney|悉尼: sydney, 悉尼; Melbourne|墨尔本: melbourne, 墨尔本; Brisbane|布里斯班: brisbane, 布里斯班;
Perth|珀斯: perth, 珀斯;
Auckland|奥克兰: auckland, 奥克兰; Cape Town|开普敦: cape town, 开普敦; Lagos|拉各斯: lagos; Nairobi|内罗毕: nairobi;
Honolulu|檀香山: honolulu, 檀香山, 火奴鲁鲁; Anchorage: anchorage; Raleigh|罗利: raleigh;
Charlotte|夏洛特: charlotte; Orlando|奥兰多: orlando; Tampa: tampa; New Orleans|新奥尔良: new orleans, nola, 新奥尔良;
Chattanooga|查塔努加: chattanooga, chatt, 查塔努加;
St. Louis|圣路易斯: st. louis, st louis; Kansas City: kansas city; Cleveland|克利夫兰: cleveland;
Columbus: columbus; Cincinnati: cincinnati; Indianapolis: indianapolis; Milwaukee: milwaukee;
Sacramento|萨克拉门托: sacramento; Oakland|奥克兰市: oakland; Baltimore|巴尔的摩: baltimore; Richmond: richmond;
Boise: boise; Albuquerque|阿尔伯克基: albuquerque, abq, 阿尔伯克基;
Tucson: tucson; Edmonton: edmonton; Winnipeg: winnipeg;
Halifax: halifax; Quebec City|魁北克城: quebec city; Birmingham|伯明翰: birmingham; Leeds|利兹: leeds;
Sheffield|谢菲尔德: sheffield; Bristol|布里斯托: bristol; Liverpool|利物浦: liverpool; Glasgow|格拉斯哥: glasgow;
Cardiff|加的夫: cardiff; Belfast|贝尔法斯特: belfast; Nottingham|诺丁汉: nottingham;
Newcastle|纽卡斯尔: newcastle; Cambridge|剑桥: cambridge; Oxford|牛津: oxford; Brighton|布莱顿: brighton;
Cork|科克: cork; Porto|波尔图: porto; Valencia|瓦伦西亚: valencia; Seville|塞维利亚: seville;
Marseille|马赛: marseille; Nice|尼斯: nice; Toulouse|图卢兹: toulouse; Bordeaux|波尔多: bordeaux;
Cologne|科隆: cologne, köln; Stuttgart|斯图加特: stuttgart; Düsseldorf|杜塞尔多夫: düsseldorf, dusseldorf;
Leipzig|莱比锡: leipzig; Dresden|德累斯顿: dresden; Budapest|布达佩斯: budapest; Krakow|克拉科夫: krakow, kraków;
Bucharest|布加勒斯特: bucharest; Sofia|索非亚: sofia; Belgrade|贝尔格莱德: belgrade; Zagreb|萨格勒布: zagreb;
Kyiv|基辅: kyiv, kiev; Riga|里加: riga; Tallinn|塔林: tallinn; Vilnius|维尔纽斯: vilnius;
Reykjavik|雷克雅未克: reykjavik; Florence|佛罗伦萨: florence; Venice|威尼斯: venice; Naples|那不勒斯: naples;
Turin|都灵: turin; Bologna|博洛尼亚: bologna; Gothenburg|哥德堡: gothenburg; Bergen|卑尔根: bergen;
Antwerp|安特卫普: antwerp; Basel|巴塞尔: basel; Lausanne|洛桑: lausanne; Salzburg|萨尔茨堡: salzburg;
Ankara|安卡拉: ankara; Doha|多哈: doha; Abu Dhabi|阿布扎比: abu dhabi; Riyadh|利雅得: riyadh;
Tehran|德黑兰: tehran; Karachi|卡拉奇: karachi; Lahore|拉合尔: lahore; Dhaka|达卡: dhaka;
Kolkata|加尔各答: kolkata; Chennai|金奈: chennai; Hyderabad|海得拉巴: hyderabad; Pune|浦那: pune;
Colombo|科伦坡: colombo; Kathmandu|加德满都: kathmandu;
Ho Chi Minh City|胡志明市: ho chi minh city, saigon, 胡志明市; Phnom Penh|金边: phnom penh;
Chiang Mai|清迈: chiang mai, 清迈; Phuket|普吉: phuket, 普吉岛; Bali|巴厘岛: bali, 巴厘岛; Penang|槟城: penang, 槟城;
Cebu|宿务: cebu; Busan|釜山: busan, 釜山; Incheon|仁川: incheon, 仁川; Fukuoka|福冈: fukuoka, 福冈;
Sapporo|札幌: sapporo, 札幌; Nagoya|名古屋: nagoya, 名古屋; Yokohama|横滨: yokohama, 横滨;
Okinawa|冲绳: okinawa, 冲绳; Kaohsiung|高雄: kaohsiung, 高雄; Taichung|台中: taichung, 台中;
Ulaanbaatar|乌兰巴托: ulaanbaatar; Adelaide|阿德莱德: adelaide; Canberra|堪培拉: canberra;
Gold Coast|黄金海岸: gold coast; Wellington|惠灵顿: wellington; Christchurch|基督城: christchurch;
Johannesburg|约翰内斯堡: johannesburg; Casablanca|卡萨布兰卡: casablanca; Accra|阿克拉: accra;
Addis Ababa|亚的斯亚贝巴: addis ababa; Lima|利马: lima; Bogota|波哥大: bogota, bogotá;
Santiago|圣地亚哥市: santiago; Rio de Janeiro|里约热内卢: rio de janeiro, rio; Montevideo|蒙得维的亚: montevideo;
Guadalajara|瓜达拉哈拉: guadalajara; Havana|哈瓦那: havana; Zhongshan|中山: 中山; Huizhou|惠州: huizhou, 惠州;
Jiaxing|嘉兴: jiaxing, 嘉兴; Shaoxing|绍兴: shaoxing, 绍兴; Changzhou|常州: changzhou, 常州;
Nantong|南通: nantong, 南通; Yangzhou|扬州: yangzhou, 扬州; Xuzhou|徐州: xuzhou, 徐州; Yantai|烟台: yantai, 烟台;
Weihai|威海: weihai, 威海; Luoyang|洛阳: luoyang, 洛阳; Guilin|桂林: guilin, 桂林; Quanzhou|泉州: quanzhou, 泉州;
Shantou|汕头: shantou, 汕头; Baoding|保定: baoding, 保定; Hengyang|衡阳: hengyang, 衡阳;
Shaoyang|邵阳: shaoyang, 邵阳; Zhuzhou|株洲: zhuzhou, 株洲; Yichang|宜昌: yichang, 宜昌;
Mianyang|绵阳: mianyang, 绵阳; Daqing|大庆: daqing, 大庆; Jilin|吉林: 吉林市; Kashgar|喀什: kashgar, 喀什;
Lijiang|丽江: lijiang, 丽江
"""
_COMPANIES = """
Tencent|腾讯: tencent, 腾讯, 鹅厂; Alibaba|阿里巴巴: alibaba, 阿里, 阿里巴巴;
ByteDance|字节跳动: bytedance, 字节, 字节跳动; miHoYo|米哈游: mihoyo, 米哈游, hoyoverse;
Baidu|百度: baidu, 百度, 度厂; Meituan|美团: meituan, 美团; JD|京东: jd, jd.com, 京东, 东哥家;
Huawei|华为: huawei, 华为;
Xiaomi|小米: xiaomi, 小米公司; NetEase|网易: netease, 网易, 猪厂; Pinduoduo|拼多多: pinduoduo, 拼多多;
Kuaishou|快手: kuaishou, 快手;
Didi|滴滴: didi, 滴滴; Ant Group|蚂蚁集团: ant group, 蚂蚁集团, 蚂蚁金服; Trip.com|携程: ctrip, 携程;
DJI|大疆: dji, 大疆;
Google: google, alphabet, 谷歌; Microsoft: microsoft, 微软; Amazon: amazon, aws, 亚马逊; Apple: 苹果公司;
Meta: facebook, 脸书;
Netflix: netflix, 网飞; Shopify: shopify; Stripe: stripe; Deloitte: deloitte, 德勤; Accenture: accenture, 埃森哲;
Capgemini: capgemini; IBM: ibm; Salesforce: salesforce; Oracle: 甲骨文; SAP: sap; Siemens: siemens, 西门子;
Intel: intel, 英特尔;
Nvidia: nvidia, 英伟达; Tesla: tesla, 特斯拉; Uber: uber; Airbnb: airbnb; Spotify: spotify; LinkedIn: linkedin, 领英;
Adobe: adobe; Atlassian: atlassian; Cisco: cisco, 思科; Samsung: samsung, 三星; Sony: sony, 索尼;
McKinsey: mckinsey, 麦肯锡;
PwC: pwc, 普华永道; KPMG: kpmg, 毕马威; EY: ernst & young, 安永; Goldman Sachs: goldman sachs, goldman, 高盛;
JPMorgan: jpmorgan, jp morgan, 摩根大通; OpenAI: openai; Anthropic: anthropic; GitHub: github; GitLab: gitlab;
Twitter: twitter; Snap: snapchat; Dropbox: dropbox; Slack Technologies: slack technologies; Zoom Video: zoom video
"""
_PROGRAMMING = """
Python: python, py, python3; Java: java; JavaScript: javascript, js; TypeScript: typescript, ts; Go: golang, go;
Rust: rust; C++: c++, cpp; C#: c#, csharp; Kotlin: kotlin; Swift: swift; Ruby: ruby; PHP: php; Scala: scala;
Haskell: haskell; Elixir: elixir; Erlang: erlang; Clojure: clojure; Dart: dart; Lua: lua; Perl: perl; Julia: julia;
Zig: zig; OCaml: ocaml; Objective-C: objective-c, objc; R: r语言; ArkTS: arkts; Cangjie: cangjie, 仓颉;
Verilog: verilog; SystemVerilog: systemverilog; VHDL: vhdl; VBA: vba; ABAP: abap; GDScript: gdscript; Delphi: delphi;
Fortran: fortran; COBOL: cobol; MATLAB: matlab; Solidity: solidity
"""
_EDITORS = """
Vim: vim, vi; Neovim: neovim, nvim; Emacs: emacs; VS Code: vs code, vscode, visual studio code;
Sublime Text: sublime, sublime text;
IntelliJ IDEA: intellij, intellij idea, idea; PyCharm: pycharm; WebStorm: webstorm; GoLand: goland; CLion: clion;
Cursor: cursor; Zed: zed; Xcode: xcode; Helix: helix; Android Studio: android studio; Eclipse: eclipse;
Visual Studio: visual studio
"""
_OS = """
Linux: linux, arch, arch linux, ubuntu, debian, fedora, manjaro, mint, linux mint, centos; macos: macos, mac, macbook,
osx, os x, 苹果电脑; Windows: windows, win10, win11, windows 10, windows 11
"""
_NOTES = """
Notion: notion; Obsidian: obsidian; Evernote: evernote, 印象笔记; OneNote: onenote; Bear: bear; Logseq: logseq;
yuque|语雀: 语雀, yuque; feishu docs|飞书文档: 飞书文档; Apple Notes: apple notes, 备忘录
"""
# Where one reads books: one app (or reader) at a time.
_READING = """
Kindle: kindle; weread|微信读书: 微信读书, weread, wechat read; Apple Books: apple books, ibooks; Kobo: kobo;
Libby: libby; Goodreads: goodreads; 多看阅读: 多看阅读; 掌阅: 掌阅, ireader; 番茄小说: 番茄小说; 起点读书: 起点读书;
Audible: audible
"""
# How one finds the way: one navigation app at a time.
_MUSIC = """
NetEase Cloud Music|网易云音乐: 网易云音乐, 网易云, netease cloud music; QQ Music|QQ音乐: qq音乐, qq music;
Spotify: spotify; Apple Music: apple music; kugou|酷狗音乐: 酷狗, 酷狗音乐; kuwo|酷我音乐: 酷我, 酷我音乐;
YouTube Music: youtube music; Tidal: tidal; Deezer: deezer; Pandora: pandora; Amazon Music: amazon music
"""
_NAVIGATION = """
amap|高德地图: 高德, 高德地图, amap; baidu maps|百度地图: 百度地图; tencent maps|腾讯地图: 腾讯地图;
Google Maps: google maps;
Waze: waze; Apple Maps: apple maps
"""
# Where one studies with flashcards: one app at a time.
_FLASHCARDS = """
Anki: anki; Quizlet: quizlet; Memrise: memrise; 百词斩: 百词斩; 不背单词: 不背单词;
墨墨背单词: 墨墨背单词, 墨墨; 扇贝单词: 扇贝单词
"""
# Where one keeps one's accounts: one budgeting app at a time.
_BUDGET = """
钱迹: 钱迹, qianji; 随手记: 随手记; 鲨鱼记账: 鲨鱼记账; 网易有钱: 网易有钱; YNAB: ynab, you need a budget;
Monarch Money: monarch money; Copilot Money: copilot money; Quicken: quicken; Actual Budget: actual budget
"""
# How one pays: a wallet or a card scheme, one at a time.
_PAYMENT = """
Apple Pay: apple pay; Google Pay: google pay, gpay, google wallet; PayPal: paypal; Venmo: venmo;
alipay|支付宝: 支付宝, alipay; wechat pay|微信支付: 微信支付, wechat pay; Samsung Pay: samsung pay
"""
# To-do lists: one app holds a user's tasks, so a new one replaces the old.
_TODO = """
Todoist: todoist; TickTick|滴答清单: 滴答清单, ticktick; Microsoft To Do: microsoft to do, ms to do,
微软待办; OmniFocus: omnifocus; Any.do: any.do
"""
# The office suite one works in.
_OFFICE = """
WPS|WPS: wps, wps office, 金山办公; Microsoft Office: microsoft office, ms office, office 365, microsoft 365;
Google Workspace: google workspace; LibreOffice: libreoffice
"""
# What one writes documents in, and keeps spreadsheets in: one of each at a time ("不用Word，在腾讯文档里弄").
_DOCUMENTS = """
Word: word, microsoft word, ms word; Google Docs: google docs, gdocs; Pages: apple pages; 腾讯文档: 腾讯文档;
石墨文档: 石墨文档; 飞书文档: 飞书文档; WPS文字: wps文字; LaTeX: latex; Overleaf: overleaf
"""
_SPREADSHEETS = """
Excel: excel, microsoft excel, ms excel; Google Sheets: google sheets, gsheets, sheets; Numbers: apple numbers;
WPS表格: wps表格; 腾讯表格: 腾讯表格; Airtable: airtable
"""
# Where passwords live, and what video is cut with: one at a time.
_PASSWORDS = """
1Password: 1password; Bitwarden: bitwarden; LastPass: lastpass; KeePass: keepass, keepassxc; Dashlane: dashlane;
Proton Pass: proton pass; iCloud Keychain: icloud keychain, keychain
"""
_VIDEO_EDITORS = """
CapCut|剪映: capcut, 剪映; Premiere Pro|Pr: premiere pro, premiere, adobe premiere; Final Cut Pro: final cut pro,
final cut; DaVinci Resolve|达芬奇: davinci resolve, davinci, resolve, 达芬奇; iMovie: imovie; 必剪: 必剪
"""
# What one designs in, keeps one's references in, edits photos or makes music with, tracks work in: one each.
_DESIGN_TOOLS = """
Figma: figma; Sketch: sketch; Adobe XD: adobe xd; Photoshop: photoshop, ps; Illustrator: illustrator,
adobe illustrator; Canva: canva, 可画; Affinity Designer: affinity designer; Framer: framer; Procreate: procreate;
即时设计: 即时设计; MasterGo: mastergo; 墨刀: 墨刀; Pixso: pixso
"""
# What one lays out circuit boards in, and what one models parts in (CAD): one each.
_PCB_TOOLS = """
KiCad: kicad; Altium Designer: altium designer, altium; EasyEDA|嘉立创EDA: easyeda, 嘉立创eda, 立创eda; OrCAD: orcad;
Proteus: proteus
"""
# What one tries and documents HTTP APIs with: one each.
_API_CLIENTS = """
Postman: postman; Apifox: apifox; Insomnia: insomnia; Bruno: bruno; Hoppscotch: hoppscotch; Paw|RapidAPI: paw,
rapidapi; Thunder Client: thunder client; ApiPost: apipost; Yapi: yapi
"""
_CAD_TOOLS = """
Fusion 360: fusion 360, fusion360; SolidWorks: solidworks; AutoCAD: autocad, cad; FreeCAD: freecad; Onshape: onshape;
SketchUp: sketchup; 3ds Max: 3ds max, 3dsmax; Cinema 4D: cinema 4d, c4d; CATIA: catia
"""
_REFERENCE_MANAGERS = """
Zotero: zotero; Mendeley: mendeley; EndNote: endnote; Paperpile: paperpile; ReadCube Papers: readcube
"""
_PHOTO_EDITORS = """
Lightroom: lightroom, lr, adobe lightroom; Capture One: capture one; Snapseed: snapseed; 醒图: 醒图; 美图秀秀: 美图秀秀;
Darktable: darktable; VSCO: vsco
"""
_DAWS = """
Ableton Live: ableton, ableton live; Logic Pro: logic pro; FL Studio: fl studio, fruity loops; Pro Tools: pro tools;
GarageBand: garageband; Cubase: cubase; Reaper: reaper; Studio One: studio one
"""
_DIAGRAM_TOOLS = """
XMind: xmind; MindNode: mindnode; MindManager: mindmanager; 幕布: 幕布; ProcessOn: processon; draw.io: draw.io,
diagrams.net; Excalidraw: excalidraw; Lucidchart: lucidchart; Miro: miro; Whimsical: whimsical
"""
_TRACKERS = """
Jira: jira; Linear: linear; Trello: trello; Asana: asana; ClickUp: clickup; Monday.com: monday.com;
Teambition: teambition; TAPD: tapd; YouTrack: youtrack; Basecamp: basecamp
"""
_MEETING_TOOLS = """
Zoom: zoom; Microsoft Teams: teams, microsoft teams, ms teams; Google Meet: google meet, meet, gmeet; Webex: webex;
tencent meeting|腾讯会议: 腾讯会议, voov; feishu|飞书: 飞书, feishu, lark; dingtalk|钉钉: 钉钉, dingtalk;
Slack huddle: huddle, huddles, slack huddle, slack huddles; Skype: skype; Discord: discord;
wecom|企业微信: 企业微信, wecom; RingCentral: ringcentral, ring central; GoTo Meeting: gotomeeting, goto meeting;
BlueJeans: bluejeans; Zoho Meeting: zoho meeting; haoshitong|好视通: 好视通, fsmeeting; Jitsi: jitsi, jitsi meet;
Whereby: whereby; zhumu|瞩目: 瞩目, zhumu; welink|华为云会议: welink,
华为云会议; 小鱼易连: 小鱼易连; Dialpad: dialpad; Amazon Chime: amazon chime; yunshixun|云视讯: 云视讯, 移动云视讯
"""
# Where people book time with the speaker: a scheduling link's service.
_SCHEDULING = """
Calendly: calendly; SavvyCal: savvycal, savvy cal; Cal.com: cal.com; Doodle: doodle; Microsoft Bookings: microsoft
bookings, ms bookings; TidyCal: tidycal; YouCanBookMe: youcanbookme, youcanbook.me
"""
_AIRLINES = """
United Airlines: united, united airlines; Delta Air Lines: delta, delta air lines;
American Airlines: american airlines;
Southwest: southwest; JetBlue: jetblue; Alaska Airlines: alaska airlines; Air Canada: air canada;
British Airways: british airways, ba; Lufthansa: lufthansa, 汉莎; KLM: klm; Air France: air france, 法航;
Emirates: emirates, 阿联酋航空;
Qatar Airways: qatar, qatar airways, 卡塔尔航空; Singapore Airlines: singapore airlines, 新航;
Cathay Pacific: cathay, cathay pacific, 国泰;
ANA: ana, 全日空; Japan Airlines: jal, japan airlines, 日航; Ryanair: ryanair; easyJet: easyjet; Qantas: qantas;
Air China|国航: 国航, 中国国航, air china; China Eastern|东航: 东航, 东方航空, china eastern;
China Southern|南航: 南航, 南方航空,
china southern; Hainan Airlines|海航: 海航, 海南航空, hainan airlines; Sichuan Airlines|川航: 川航, 四川航空;
Xiamen Airlines|厦航:
厦航, 厦门航空; Spring Airlines|春秋航空: 春秋, 春秋航空; Juneyao|吉祥航空: 吉祥, 吉祥航空
"""
_HOTELS = """
Marriott: marriott, 万豪, bonvoy; Hilton: hilton, 希尔顿; Hyatt: hyatt, 凯悦; IHG: ihg, holiday inn, 假日酒店, 洲际;
Accor: accor, novotel, ibis; Four Seasons: four seasons, 四季酒店; Sheraton: sheraton, 喜来登; Westin: westin, 威斯汀;
Ji Hotel|全季: 全季; Atour|亚朵: 亚朵, atour; Hanting|汉庭: 汉庭; Home Inn|如家: 如家; Jinjiang|锦江: 锦江;
Airbnb stays: airbnb, airbnbs, 爱彼迎; guesthouse|民宿: 民宿, guesthouse, guesthouses;
hostels|青旅: hostel, hostels, 青旅
"""
_SEATS = """
aisle seat: aisle, aisle seat, aisle seats, 靠过道, 过道, 靠走廊, 走廊; window seat: window seat, window seats,
window, 靠窗, 窗边, 窗口位; middle seat: middle seat; exit row: exit row;
quiet coach|静音车厢: quiet coach, quiet carriage, quiet car, 静音车厢;
lower berth|下铺: lower berth, lower bunk, 下铺; middle berth|中铺: middle berth, 中铺;
upper berth|上铺: upper berth, upper bunk, 上铺
"""
# Where in the cabin: a row near the front or the back, apart from which seat of the row.
# The class one travels in, beside where one sits ("二等座靠窗": second class, a window seat)
_SEAT_CLASSES = """
first class|一等座: first class, first-class, 一等座, 头等舱; second class|二等座: second class, 二等座;
business class|商务座: business class, 商务座, 商务舱; economy|经济舱: economy, economy class, 经济舱;
premium economy|超级经济舱: premium economy, 超经舱, 超级经济舱
"""
_SEAT_ROWS = """
front row|前排: front row, front rows, near the front, 前排, 靠前的位置, 靠前的座位, 前几排, 越靠前越好, 往前排, 前三排,
前五排, 前十排; back row|后排: back row,
back rows, 后排, 最后几排
"""
_TRAVEL_MODES = """
high-speed train|高铁: 高铁, 动车, high-speed rail, high speed rail, high-speed train, bullet train, acela, shinkansen,
新干线, tgv; train|火车: train, trains, 火车, amtrak, via rail, eurostar, deutsche bahn, sncf, trenitalia, renfe;
nonstop flights: nonstop, non-stop, direct flight, direct flights, 直飞; red-eye flights|红眼航班: red-eye, red-eyes,
redeye, 红眼, 红眼航班
"""
_TIMEZONES = """
utc+8: 东八区, 东八, 北京时间, 中国时间, 国内时间, china time, beijing time, 东八区时间;
pacific time (utc-8): pacific time, pacific standard time, pt, pst, pdt,
太平洋时间, 美西时间, 美西, 美国西部时间, 西部时间, 太平洋时区;
mountain time (utc-7): mountain time, mountain standard time, mt, mst, mdt, 山地时间, 美国山地时间;
central time (utc-6): central time, central standard time, ct, cdt, 美中时间, 美国中部时间, 中部时间;
eastern time (utc-5): eastern time, eastern standard time, et, est, edt,
美东时间, 美东, 美国东部时间, 东部时间, 东部时区;
cet (utc+1): cet, cest, central european, central european time, berlin time, paris time, 欧洲中部时间, 中欧时间;
london time (gmt, utc+0): gmt, bst, uk time, london time, british time, 伦敦时间, 英国时间, 格林尼治时间, 格林威治时间;
japan time (jst, utc+9): jst, japan time, tokyo time, 东京时间, 日本时间;
sydney time (aest, utc+10): aest, aedt, sydney time, 悉尼时间, 澳洲东部时间;
india time (ist, utc+5:30): ist, india time, indian standard time, 印度时间;
singapore time (sgt, utc+8): sgt, singapore time;
atlantic time (utc-4): atlantic time, adt; newfoundland time (utc-3:30): newfoundland time, nst, ndt;
alaska time (utc-9): alaska time, akst, akdt; hawaii time (utc-10): hawaii time, hst
"""
_DIETS = """
vegan: vegan, plant-based, plant based, 纯素, 全素; vegetarian: vegetarian, veggie, 吃素, 素食, 素食者, 素食主义;
pescatarian: pescatarian, pescetarian; keto: keto, ketogenic, 生酮; low-carb: low-carb, low carb, 低碳, 低碳水;
mediterranean diet: mediterranean; gluten-free: gluten-free, gluten free, coeliac, celiac, 无麸质;
dairy-free: dairy-free, dairy free, off dairy, 无乳制品, 戒奶制品;
lactose intolerant: lactose intolerant, lactose-intolerant, lactose intolerance, 乳糖不耐, 乳糖不耐受;
intermittent fasting: intermittent fasting, 16:8, 轻断食, 断食; halal: halal, 清真; kosher: kosher;
low-sugar: low-sugar, low sugar, sugar-free, sugar free, cutting sugar, cutting out sugar, 低糖, 控糖, 戒糖, 少放糖;
low-salt: low-salt, low sodium, low-sodium, watch my salt, 低盐, 少盐, 控盐, 少放盐, 清淡少盐, 少吃盐, 低钠,
吃得淡, 吃得很淡, 吃得特别淡, 吃得比较淡; low-fat: low-fat, 低脂;
low-fodmap: low-fodmap, low fodmap, fodmap, 低fodmap; whole30: whole30, whole 30; paleo: paleo, paleolithic;
carnivore diet: carnivore diet; dash diet: dash diet
"""
_JOBS = """
product manager|产品经理: product manager, 产品经理; product owner|产品负责人: product owner;
programmer|程序员: 程序员, 码农;
physical therapist|物理治疗师: physical therapist, physiotherapist, physio, 物理治疗师, 康复治疗师, 理疗师;
vet tech|兽医助理: vet tech, veterinary technician, vet nurse, 兽医助理;
backend developer|后端开发: backend developer, backend engineer, 后端开发, 后端工程师, 后端;
frontend developer|前端开发: frontend developer, front-end developer, frontend engineer, 前端开发, 前端工程师, 前端;
test engineer|测试工程师: qa engineer, test engineer, 测试工程师, 测试开发; designer|设计师: 设计师, ui设计师;
data scientist|数据科学家: data scientist, 数据科学家; data analyst|数据分析师: data analyst, 数据分析师, 数据分析;
algorithm engineer|算法工程师: 算法工程师; operations|运营: 运营; accountant|财务: accountant, 财务, 会计;
teacher|老师: 老师, 教师; doctor|医生: 医生, 大夫; nurse|护士: 护士; lawyer|律师: 律师; sales|销售: 销售;
project manager|项目经理: project manager, 项目经理;
architect|架构师: software architect, solutions architect, 架构师; quant|量化: quant, 量化, 量化研究员, 宽客;
ops engineer|运维: devops engineer, sre, 运维, 运维工程师; data engineer|数据工程师: data engineer, 数据工程师;
civil servant|公务员: civil servant, 公务员; researcher|研究员: 研究员; editor|编辑: 编辑; translator|翻译: 翻译;
foreign trade|外贸: 外贸; e-commerce|电商: 电商; hr|人事: 人事; customer service|客服: 客服; logistics|物流: 物流;
medical rep|医药代表: medical rep, pharmaceutical rep, pharma rep, 医药代表, 医药销售; lab technician|检验师: lab tech,
lab technician, medical technologist, 检验师, 化验员; courier|快递员: courier, 快递员, 快递小哥;
stay-at-home parent|全职妈妈: stay-at-home mom, stay-at-home mum, stay-at-home dad, stay-at-home parent, homemaker,
全职妈妈, 全职爸爸, 全职主妇, 家庭主妇, 全职宝妈
"""

LEXICON: dict[str, tuple[str, str]] = {
    **_table("city", _CITIES),
    **_table("company", _COMPANIES),
    **_table("programming", _PROGRAMMING),
    **_table("editor", _EDITORS),
    **_table("os", _OS),
    **_table("notes_app", _NOTES),
    **_table("todo_app", _TODO),
    **_table("reading_app", _READING),
    **_table("budget_app", _BUDGET),
    **_table("flashcard_app", _FLASHCARDS),
    **_table("navigation_app", _NAVIGATION),
    **_table("music_app", _MUSIC),
    **_table("password_manager", _PASSWORDS),
    **_table("office_suite", _OFFICE),
    **_table("document_app", _DOCUMENTS),
    **_table("spreadsheet_app", _SPREADSHEETS),
    **_table("video_editor", _VIDEO_EDITORS),
    **_table("design_tool", _DESIGN_TOOLS),
    **_table("pcb_tool", _PCB_TOOLS),
    **_table("cad_tool", _CAD_TOOLS),
    **_table("api_client", _API_CLIENTS),
    **_table("reference_manager", _REFERENCE_MANAGERS),
    **_table("photo_editor", _PHOTO_EDITORS),
    **_table("daw", _DAWS),
    **_table("issue_tracker", _TRACKERS),
    **_table("diagram_tool", _DIAGRAM_TOOLS),
    **_table("payment", _PAYMENT),
    **_table("meeting_tool", _MEETING_TOOLS),
    **_table("scheduling_tool", _SCHEDULING),
    **_table("airline", _AIRLINES),
    **_table("hotel", _HOTELS),
    **_table("seat", _SEATS),
    **_table("seat_row", _SEAT_ROWS),
    **_table("seat_class", _SEAT_CLASSES),
    **_table("travel_mode", _TRAVEL_MODES),
    **_table("timezone", _TIMEZONES),
    **_table("diet", _DIETS),
    **_table("job", _JOBS),
}


_WORLD_CITIES = resources.files("graphmem.extraction").joinpath("world_cities.tsv")
# The zones of the zone table by the IANA zones of the cities in them (GeoNames' time zone of each world city)
_ZONE_OF_IANA: dict[str, str] = {
    **dict.fromkeys(("America/Los_Angeles", "America/Vancouver", "America/Tijuana"), "pacific time (utc-8)"),
    **dict.fromkeys(
        ("America/Denver", "America/Edmonton", "America/Phoenix", "America/Boise"), "mountain time (utc-7)"
    ),
    **dict.fromkeys(
        ("America/Chicago", "America/Winnipeg", "America/Regina", "America/Mexico_City", "America/Monterrey",
         "America/Merida", "America/Matamoros", "America/Indiana/Knox", "America/Menominee"),
        "central time (utc-6)",
    ),
    **dict.fromkeys(
        ("America/New_York", "America/Toronto", "America/Detroit", "America/Indiana/Indianapolis",
         "America/Kentucky/Louisville", "America/Nassau", "America/Iqaluit"),
        "eastern time (utc-5)",
    ),
    **dict.fromkeys(
        ("Europe/Berlin", "Europe/Paris", "Europe/Madrid", "Europe/Rome", "Europe/Amsterdam", "Europe/Brussels",
         "Europe/Vienna", "Europe/Zurich", "Europe/Stockholm", "Europe/Oslo", "Europe/Copenhagen", "Europe/Warsaw",
         "Europe/Prague", "Europe/Budapest", "Europe/Belgrade", "Europe/Zagreb", "Europe/Ljubljana",
         "Europe/Bratislava", "Europe/Luxembourg", "Europe/Monaco", "Europe/Malta", "Europe/Sarajevo",
         "Europe/Skopje", "Europe/Tirane", "Europe/Podgorica"),
        "cet (utc+1)",
    ),
    "Europe/London": "london time (gmt, utc+0)",
    "Asia/Tokyo": "japan time (jst, utc+9)",
    **dict.fromkeys(
        ("Australia/Sydney", "Australia/Melbourne", "Australia/Brisbane", "Australia/Hobart"),
        "sydney time (aest, utc+10)",
    ),
    "Asia/Kolkata": "india time (ist, utc+5:30)",
    "Asia/Singapore": "singapore time (sgt, utc+8)",
    **dict.fromkeys(("Asia/Shanghai", "Asia/Hong_Kong", "Asia/Taipei", "Asia/Macau"), "utc+8"),
}  # fmt: skip


def _city_zones() -> dict[str, str]:
    """Each form of a world city (Latin names lowercase) whose IANA zone is one of the zone table's, to that zone."""
    out: dict[str, str] = {}
    for line in _WORLD_CITIES.read_text(encoding="utf-8").splitlines():
        if line.startswith("#") or not line.strip():
            continue
        _, english, chinese, iana = line.split("\t")
        zone = _ZONE_OF_IANA.get(iana)
        if zone is not None:
            for form in (english.lower(), *chinese.split(",")):
                if form:
                    out.setdefault(form, zone)
    return out


def _curated_zones(zones: dict[str, str]) -> dict[str, str]:
    """`zones` with every form of a curated city whose English name has a zone ("西雅图" as "seattle")."""
    out = dict(zones)
    for row in _CITIES.split(";"):
        names, forms = _split_row(row)
        zone = zones.get(names.strip().partition("|")[0].lower())
        if zone is not None:
            for form in [*names.strip().split("|"), *forms.split(",")]:
                if form.strip():
                    out.setdefault(form.strip().lower() if form.strip().isascii() else form.strip(), zone)
    return out


CITY_ZONES = _curated_zones(_city_zones())
"""A city's zone where the zone table names it ("seattle" and "西雅图" -> "pacific time (utc-8)")."""


def _city_times(cities: dict[str, tuple[str, str]]) -> dict[str, tuple[str, str]]:
    """ "Dubai time", "首尔时间": a city's local time names a zone: the zone table's where the city is in one of its
    zones ("Seattle time" is Pacific time), else kept as "<city> time"; not where the zone table names that city's
    time already ("tokyo time" is Japan time)."""
    out: dict[str, tuple[str, str]] = {}
    for form, (_, name) in cities.items():
        zone = CITY_ZONES.get(form) or CITY_ZONES.get(name)
        if form.isascii() and len(form) >= 4:
            out[f"{form} time"] = ("timezone", zone or f"{name} time")
        elif not form.isascii() and len(form) >= 2:
            out[f"{form}时间"] = ("timezone", zone or f"{name}时间")
    return {k: v for k, v in out.items() if k not in LEXICON}


# Latin forms that are also common words: matched only as written in capitals in the source ("PT", "ET").
_CASED = frozenset(
    {
        "pt",
        "et",
        "ct",
        "mt",
        "ist",
        "est",
        "bst",
        "ba",
        "ana",
        "sf",
        "la",
        "dc",
        "ts",
        "js",
        "py",
        "r",
        "jd",
        "lr",
        "tapd",
        "cad",
        "ps",
    }
)
# Latin forms that are ordinary English words: matched only when written with a capital ("Go", "Teams").
_CAPITALISED = frozenset(
    {"go", "idea", "cursor", "zed", "helix", "eclipse", "united", "delta", "southwest", "teams", "meet", "arch", "mint",
     "bear", "emirates", "qatar", "cathay", "phoenix", "mac", "resolve", "premiere", "keychain", "nice", "cork", "rio",
     "charlotte", "richmond", "columbus", "florence", "santiago", "sofia", "bali", "lima", "reading", "bath",
     "sketch", "framer", "linear", "reaper", "basecamp", "whimsical", "lightroom", "capture one", "studio one",
     "word", "sheets", "excel", "numbers", "pages"}
)  # fmt: skip
# "Dubai time" for every city whose name is no ordinary word ("nice time" is no zone)
LEXICON.update({k: v for k, v in _city_times(_table("city", _CITIES)).items() if k.split()[0] not in _CAPITALISED})
# Names of the world's cities (100,000 people or more) the curated list leaves out, from GeoNames: each matched only
# as written with a capital in Latin script; Chinese forms that are also ordinary words or district names of other
# meanings are left out.
_NOT_CITY_EN = frozenset(
    {"mobile", "temple", "independence", "surprise", "orange", "victoria", "aurora", "jackson", "lincoln", "madison",
     "marion", "columbia", "concord", "hampton", "frisco", "norman", "irving", "allen", "lawrence", "eugene",
     "pueblo", "mission", "pearland", "garland", "carrollton", "centennial", "peoria", "lakewood", "sterling",
     "paterson", "warren", "troy", "salem", "springfield", "burlington", "cambridge", "hollywood", "oxford",
     "gary", "kent", "boulder", "plano", "rochester", "bristol", "derby", "preston", "luton", "santa", "march",
     "monday", "sale", "bury", "hull", "wells", "eagle", "guide", "buffalo", "sunrise", "deal", "pace", "gold"}
)  # fmt: skip
_NOT_CITY_ZH = frozenset(
    {"中山", "大同", "天府", "新安", "阿哇", "德博", "塔那", "关口", "或索", "皮金", "阿巴", "古龍", "科塔", "剌八",
     "玉山", "呼市", "宜城", "普陀", "光州", "巴中", "青阳", "安曼", "乔斯", "佩斯", "洛美", "达沃"}
)  # fmt: skip


_ADMIN_SUFFIXES = ("镇", "府", "县", "乡", "村", "州府")


def _simplified(form: str) -> bool:
    """Whether a Chinese form is written in simplified characters (GB2312 has no traditional or Japanese ones)."""
    try:
        form.encode("gb2312")
    except UnicodeEncodeError:
        return False
    return True


def _world_cities() -> dict[str, tuple[str, str]]:
    """The forms of `world_cities.tsv` the lexicon does not have yet, each a city (Latin names lowercase)."""
    out: dict[str, tuple[str, str]] = {}
    for line in _WORLD_CITIES.read_text(encoding="utf-8").splitlines():
        if line.startswith("#") or not line.strip():
            continue
        _, english, chinese, _ = line.split("\t")
        forms = [f for f in chinese.split(",") if f and f not in _NOT_CITY_ZH]
        if english and english.lower() not in _NOT_CITY_EN and english.lower() not in LEXICON:
            out.setdefault(english.lower(), ("city", english.lower()))
        simplified = next((f for f in forms if _simplified(f)), forms[0]) if forms else ""
        for form in forms:
            if form not in LEXICON:
                # a plain simplified name is its own value ("襄阳", not the list's first form "樊城"); a traditional
                # or suffixed form ("襄陽", "襄阳府") the list's first simplified one
                plain = _simplified(form) and not form.endswith(_ADMIN_SUFFIXES)
                out.setdefault(form, ("city", form if plain else simplified))
    return out


_GEO_CITIES = _world_cities()
LEXICON.update(_GEO_CITIES)
# The cities of mainland China by their administrative names (prefecture- and county-level), from the adcode table
# of cpca (scripts/zh_cities.py): a name that is also an ordinary word or a person's name is a place only where a
# sentence frames it as one ("住岳阳这么多年", "在日照这边"), never found on its own.
_ZH_CITY_ROWS = [
    line.split("\t")
    for line in resources.files("graphmem.extraction")
    .joinpath("zh_cities.tsv")
    .read_text(encoding="utf-8")
    .splitlines()
    if line and not line.startswith("#")
]
ZH_CITIES = frozenset(name for name, _, _ in _ZH_CITY_ROWS)
"""Every city name of the table, scanned or frame-only."""
LEXICON.update({name: ("city", name) for name, _, how in _ZH_CITY_ROWS if how == "scan" and name not in LEXICON})
# A GeoNames name in Latin script names the city only as written with a capital ("Reading", not "reading").
_GEO_CAPITALISED = frozenset(k for k in _GEO_CITIES if k.isascii())
# Chinese forms by their first character, longest first: one pass over the text finds them all.
_ZH_BY_FIRST: dict[str, list[str]] = {}
for _form in sorted((k for k in LEXICON if not k.isascii()), key=len, reverse=True):
    _ZH_BY_FIRST.setdefault(_form[0], []).append(_form)
_LATIN_MAX_WORDS = max(len(k.split()) for k in LEXICON if k.isascii())
_PLACE_PREPOSITIONS = frozenset({"in", "from", "near", "around", "outside"})
# the first words of the Latin forms of more than one word: only after one of them is a longer form looked up
_MULTI_FIRST = frozenset(k.split()[0] for k in LEXICON if k.isascii() and " " in k)
# Words of Latin script, with the characters programming names carry (c++, c#, objective-c, 16:8, xi'an).
_LATIN = re.compile(r"[A-Za-z0-9][A-Za-z0-9+#.:'\-]*")
_UTC = re.compile(r"\b(?:utc|gmt)\s?([+\-−])\s?(\d{1,2})(?::?(\d{2}))?(?!\d)", re.IGNORECASE)
_ZH_ZONE = re.compile(r"([东西])([一二三四五六七八九十]|十[一二])区")
ZH_ONE_TO_TWELVE = {digit: n for n, digit in enumerate("一二三四五六七八九十", 1)} | {"十一": 11, "十二": 12}
"""Chinese numerals of the hours of a time-zone offset (东八区, 西五区)."""


def _utc(sign: str, hours: int, minutes: str | None) -> str:
    offset = f"{'-' if sign in '-−' else '+'}{hours}" + (f":{minutes}" if minutes and minutes != "00" else "")
    if offset == "+8":
        return LEXICON["东八区"][1]
    return f"utc{offset}"


def _beside_han(text: str, start: int, end: int) -> bool:
    return bool((start > 0 and _HAN_CHAR.match(text[start - 1])) or (end < len(text) and _HAN_CHAR.match(text[end])))


_HAN_CHAR = re.compile(r"[\u3400-\u4dbf\u4e00-\u9fff]")


_FORMS: dict[str, list[str]] = {}
for _form, (_, _canonical) in LEXICON.items():
    _FORMS.setdefault(_canonical.casefold(), []).append(_form)


def forms_of(value: str) -> list[str]:
    """Every form the lexicon maps to `value` ("abq" and "阿尔伯克基" for "albuquerque", "鹅厂" for "腾讯")."""
    return list(_FORMS.get(value.casefold(), ()))


# What follows a city's name when the name is an organisation's ("宁德时代", "杭州银行", "北京大学")
ZH_ORGANISATION_AFTER = re.compile(
    r"时代|银行|集团|公司|科技|大学|学院|医院|日报|晚报|电视台|中学|小学|证券|保险|电力|电网|航空|农商|商行|啤酒|钢铁|汽车|"
    r"重工|机床|制药|药业|信托|地铁集团|卫视"
)


def scan(text: str) -> list[Hit]:
    """Every named thing of the lexicon in `text`, left to right, longest form first, not overlapping."""
    hits: list[Hit] = []
    taken = [False] * len(text)

    def take(category: str, value: str, start: int, end: int) -> None:
        if not any(taken[start:end]):
            hits.append(Hit(category, value, start, end))
            for k in range(start, end):
                taken[k] = True

    for m in _UTC.finditer(text):
        take("timezone", _utc(m.group(1), int(m.group(2)), m.group(3)), m.start(), m.end())
    for m in _ZH_ZONE.finditer(text):
        hours = ZH_ONE_TO_TWELVE[m.group(2)]
        take("timezone", _utc("+" if m.group(1) == "东" else "-", hours, None), m.start(), m.end())
    words = [(m.start(), m.end(), m.group(0).rstrip(".:'-")) for m in _LATIN.finditer(text)]
    lowercase = not any(c.isupper() for c in text)
    for i in range(len(words)):
        longest = _LATIN_MAX_WORDS if words[i][2].lower() in _MULTI_FIRST else 1
        for n in range(min(longest, len(words) - i), 0, -1):
            start, end = words[i][0], words[i + n - 1][0] + len(words[i + n - 1][2])
            surface = text[start:end]
            form = " ".join(w for _, _, w in words[i : i + n]).lower()
            found = LEXICON.get(form) or LEXICON.get(form.removesuffix("'s"))
            if found is None:
                continue
            bare = form.removesuffix("'s")
            # a cased form in lower case still names the thing right next to Chinese ("py是我的主力语言", "用js写")
            cased = surface.isupper() or _beside_han(text, start, end)
            capital = surface[:1].isupper()
            # texting in lower case names a city after a preposition of place ("im in spokane")
            texted = bare in _GEO_CAPITALISED and bare not in _CAPITALISED and lowercase and i > 0
            texted = texted and words[i - 1][2].lower() in _PLACE_PREPOSITIONS
            if (bare in _CASED and not cased) or (
                (bare in _CAPITALISED or bare in _GEO_CAPITALISED) and not capital and not texted
            ):
                continue
            take(found[0], found[1], start, end)
            break
    for pos, char in enumerate(text):
        for form in _ZH_BY_FIRST.get(char, ()):
            if text.startswith(form, pos):
                category, value = LEXICON[form]
                if category == "city" and ZH_ORGANISATION_AFTER.match(text, pos + len(form)):
                    break  # "宁德时代", "杭州银行": an organisation named after its city
                take(category, value, pos, pos + len(form))
                break
    return sorted(hits, key=lambda h: h.start)
