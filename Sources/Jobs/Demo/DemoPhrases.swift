import Document
import Render

/// Sentences the sample diaries are written from, per language.
public enum DemoPhrases {
    public static func sentences(_ language: BookLanguage) -> [String] {
        language == .russian ? russian : english
    }

    public static func titles(_ language: BookLanguage) -> [String] {
        switch language {
        case .russian: ["Первый снег", "Дорога домой", "Письмо сестре", "У моря", "Долгий вечер", "Рынок по субботам",
                        "Новая работа", "Сад после дождя"]
        default: ["First snow", "The road home", "A letter to my sister", "By the sea", "A long evening",
                  "Saturday market", "New job", "The garden after rain"]
        }
    }

    private static let english = [
        "Woke early and walked down to the river before anyone else was up.",
        "The light on the water was the colour of weak tea, and the gulls were arguing about something.",
        "Spent most of the afternoon reorganising the bookshelves, which was really an excuse to reread old letters.",
        "Mother called; we talked for an hour about nothing in particular, which is the best kind of call.",
        "The bakery on the corner has started making rye bread again, and I bought two loaves out of gratitude.",
        "It rained all day, steadily and without drama, the way it does when it has decided to stay.",
        "I finished the novel I had been carrying around since spring and felt oddly bereaved.",
        "Work was a long series of small fires, none of them serious, all of them demanding.",
        "In the evening we played cards by the window and lost track of the score entirely.",
        "Found a photograph of my grandfather as a young man, standing by a bicycle, squinting into the sun.",
        "The neighbour's cat has adopted our doorstep and looks at me as if I were the visitor.",
        "Planted the tulip bulbs at last, far too late, and promised them nothing.",
        "A quiet Sunday: coffee, the crossword, a walk around the park, soup for dinner.",
        "The train was forty minutes late, which gave me time to watch the town go about its business.",
        "I keep meaning to write more here, and then the days fill up like a sink left running.",
        "We drove out to the coast and ate chips on the sea wall while the wind tried to take them.",
        "Tonight the sky was so clear that I could see the faint smudge of the Milky Way above the roofs.",
        "Repaired the kitchen chair with glue, clamps and more patience than I knew I had.",
        "Read an article about hyphenation and typesetting and now I notice every badly broken word.",
        "Everything felt possible today, for no reason I can name.",
    ]

    private static let russian = [
        "Проснулась рано и спустилась к реке, пока все ещё спали.",
        "Свет на воде был цвета некрепкого чая, а чайки о чём-то спорили.",
        "Почти весь день разбирала книжные полки, а на самом деле перечитывала старые письма.",
        "Звонила мама; мы целый час говорили ни о чём, и это лучший из разговоров.",
        "В булочной на углу снова пекут ржаной хлеб, и я купила две буханки из благодарности.",
        "Весь день шёл дождь, ровный и спокойный, как будто решил остаться надолго.",
        "Дочитала роман, который носила с собой с весны, и почувствовала странную пустоту.",
        "Работа превратилась в длинную череду мелких пожаров, несерьёзных, но требовательных.",
        "Вечером играли в карты у окна и совершенно сбились со счёта.",
        "Нашла фотографию дедушки в молодости: он стоит у велосипеда и щурится на солнце.",
        "Соседский кот облюбовал наш порог и смотрит на меня так, будто это я пришла в гости.",
        "Наконец посадила луковицы тюльпанов, слишком поздно, и ничего им не обещала.",
        "Тихое воскресенье: кофе, кроссворд, прогулка по парку, суп на ужин.",
        "Поезд опоздал на сорок минут, и я успела посмотреть, как живёт городок.",
        "Всё собираюсь писать здесь чаще, а дни наполняются, как раковина под открытым краном.",
        "Поехали на побережье и ели пирожки на набережной, пока ветер пытался их отобрать.",
        "Сегодня небо было таким ясным, что над крышами виднелся Млечный Путь.",
        "Починила кухонный стул клеем, струбцинами и терпением, о котором не подозревала.",
        "Прочитала статью о переносах и вёрстке и теперь замечаю каждое неудачно разорванное слово.",
        "Сегодня всё казалось возможным, и я не могу объяснить почему.",
    ]
}
